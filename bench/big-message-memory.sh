#!/usr/bin/env bash
# What a sender of big messages keeps in memory, during and after a test (BigMessageMemoryBench): a sender JVM with a
# lab's default heap sends 100MiB messages to a real Artemis; its RSS at the end and while idle after.
# Usage: bench/big-message-memory.sh ["JVM OPTIONS" [COUNT [SIZE [URL_OPTIONS]]]]
#   (default "-Xmx5900m -XX:G1PeriodicGCInterval=30000" 10 100MiB: the launcher's option, a quarter of 23 GB)
# Measured 2026-11-27 on the shared 2-core, 23 GB host (load ~25), 10 x 100MiB flat out:
#   before (max.in.flight 1000, no periodic GC; "-Xmx5900m"): RSS 3168 MB at the end, still 3168 MB 60 s later;
#   after (at most 64 MiB in flight, i.e. 1 message; the default options): 2399 MB at the end, 225 MB 60 s later.
# 2026-11-28, quiet host, with HeapHeadroom (a worker keeps 5-20 x its live data): 1075 MB at the end, 777 MB from
#   40 s on (the periodic GC's shrink stops at 20 x the live data, where it went down to about 3 x before).
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/run-worker-bench.sh BigMessageMemoryBench "$@"
