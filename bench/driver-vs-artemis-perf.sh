#!/usr/bin/env bash
# Maestro's Artemis core and OpenWire drivers against `artemis perf client` on one standalone Artemis 2.44: flat out,
# 1 KiB messages, one producer and one consumer, alternating rounds, medians and their ratios, side by side in one run.
# The 2.44 perf client speaks AMQP and CORE only: OpenWire is set beside its CORE figure (said in the output).
# Usage: bench/driver-vs-artemis-perf.sh [MESSAGES] [ROUNDS]   (default 200000 3)
# (AMQP against `artemis perf client --protocol AMQP`: bench/worker-throughput.sh)
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" DriverBench "${1:-200000}" "${2:-3}"
