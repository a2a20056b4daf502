#!/usr/bin/env bash
# Send delay (actual - intended send time) of a Maestro sender beside `artemis perf client --rate` at the same rate
# (its --hdr "delay send" histogram), on one standalone Artemis 2.44 over AMQP, 1 KiB messages, 1 producer + 1 consumer:
# at 25 %, 50 % and 75 % of Maestro's flat-out rate, in interleaved rounds (the first tool alternates), p50/p99/p99.9
# of each run's measured period and their medians, with the host's load average around each run (SendDelayBench).
# Usage: bench/send-delay.sh [ROUNDS [DURATION_S [WARMUP_S [FLAT_OUT_MSG_S]]]]   (default 3 30 5, flat out measured)
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" SendDelayBench "$@"
