#!/usr/bin/env bash
# What workers of big messages keep in memory, during and after a test (BigMessageMemoryBench): a sender JVM and a
# receiver JVM with a lab's default heap, 100MiB messages through a real Artemis; each one's peak RSS during the test,
# at its end and each 10 s for 60 s while idle after. URL_OPTIONS go on the SUT URL (e.g. receiveThrottle=1 for a
# receiver that lags, jms.prefetchPolicy.all=1000 for qpid-jms's own prefetch).
# Usage: bench/big-message-memory.sh ["JVM OPTIONS" [COUNT [SIZE [URL_OPTIONS]]]]
#   (default "-Xmx5900m -XX:G1PeriodicGCInterval=30000" 10 100MiB: the launcher's option, a quarter of 23 GB)
# Measured 2026-11-27 on the shared 2-core, 23 GB host (load ~25), 10 x 100MiB flat out:
#   before (max.in.flight 1000, no periodic GC; "-Xmx5900m"): RSS 3168 MB at the end, still 3168 MB 60 s later;
#   after (at most 64 MiB in flight, i.e. 1 message; the default options): 2399 MB at the end, 225 MB 60 s later.
# 2026-11-28, quiet host, with HeapHeadroom (a worker keeps 5-20 x its live data): 1075 MB at the end, 777 MB from
#   40 s on (the periodic GC's shrink stops at 20 x the live data, where it went down to about 3 x before).
# 2026-12-05, both roles, host loaded by others (load 14-19, 2 cores), 10 x 100MiB flat out, peak / at the end / 60 s after:
#   before (receiver prefetch 1000, concurrent periodic GC only; load 0.2-1): sender 1077 / 1038 / 730 MB,
#     receiver 1407 / 1407 / 1154 MB;
#   after (receiver prefetch 1 = 64 MiB, IdleHeap's full collection after 30 s idle): sender 1080 / 1080 / 696 MB,
#     receiver 1855 / 1855 / 674 MB (a second run: sender 1068 / 1068 / 690, receiver 1692 / 1692 / 595 MB); idle, both
#     heaps are 480 MB committed of 19-27 MB used (HeapHeadroom's 20 x live) plus ~110 MB of JVM (NMT).
#   A lagging receiver (URL_OPTIONS receiveThrottle=1): with qpid-jms's prefetch 1000 (jms.prefetchPolicy.all=1000)
#     receiver 1906 / 1906 / 674 MB, with the bound 2324 / 2324 / 600 MB: the bound keeps 1 message in the client instead
#     of all 10, but the peak is G1 growing the heap around each message's copies (qpid-jms's frames, its decoded body,
#     the worker's own body array: about 3 x 100MiB a message, humongous), not the prefetch. The issue's 4.0 GB was not
#     reproduced here (2.3 GB at most).
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/run-worker-bench.sh BigMessageMemoryBench "$@"
