#!/usr/bin/env bash
# Each load driver's response time at one fixed rate, side by side in one run: AMQP, Artemis core and OpenWire on one
# standalone Artemis 2.44, Kafka on one single-node KRaft broker (both started here); 1 KiB messages, 1 sender +
# 1 receiver connection, a 2 s warm-up left out, rounds alternating between the drivers, medians of the rounds, each
# driver's p99 over AMQP's. The figures are the receiver's own HDR log (measured intervals), as the report shows them.
# Usage: bench/driver-latency.sh [RATE] [SECONDS] [ROUNDS]   (default 1000 msg/s, 20 s after the warm-up, 3 rounds)
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" DriverLatencyBench "${1:-1000}" "${2:-20}" "${3:-3}"
