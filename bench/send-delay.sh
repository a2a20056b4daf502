#!/usr/bin/env bash
# Send delay (actual - intended send time) of a Maestro sender beside `artemis perf client --rate` at the same rate
# (its --hdr "delay send" histogram), on one standalone Artemis 2.44 over AMQP, 1 KiB messages, 1 producer + 1 consumer:
# at 25 %, 50 % and 75 % of Maestro's flat-out rate, in interleaved rounds (the first tool alternates), p50/p99/p99.9
# of each run's measured period and their medians, with the host's load average around each run (SendDelayBench).
# Usage: bench/send-delay.sh [ROUNDS [DURATION_S [WARMUP_S [FLAT_OUT_MSG_S]]]]   (default 3 30 5, flat out measured)
# 2026-12-05 21:40, shared 2-core host at rest (load average 1.9-3.5: the broker and the two tools themselves), flat out
# measured 12722 msg/s (11174, 14270), 3 rounds, medians, ms:
#   rate            tool          p50       p99     p99.9
#   25 % 3180/s     maestro      0.079     0.268     3.147   (rounds' p99: 0.985, 0.268, 0.256)
#                   artemis perf 0.077   758.3     791.0
#   50 % 6361/s     maestro      0.083     1.599     4.323
#                   artemis perf 3754    5116      5149
#   75 % 9541/s     maestro      0.073     3.397     6.403
#                   artemis perf 9708   14885     14950
# On the same host at load average 15-34 (other builds and benches), Maestro's p99 at 25 % was 2-127 ms. Where that
# comes from (JFR of the bench JVM, MAESTRO_BENCH_JAVA_OPTS=-XX:StartFlightRecording=...,settings=profile, and the
# per-thread CPU printed by each run): the sending thread's parks in SenderJob.waitUntil, each asked for at most one
# interval, lasted 10-52 ms 222 times over nine paced runs: the scheduler gave the thread its CPU back late. A full
# in-flight window held it 6 times (128 ms in all); it never waited in the client's send; young GC pauses were 4-6 ms
# every 6 s; the JIT 0.5-2.7 % of a core. So a busy host's tail is its run queue, not the generator's pacing.
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" SendDelayBench "$@"
