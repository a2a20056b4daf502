#!/usr/bin/env bash
# The peers' MQTT keep-alive (issue 25): for each keep-alive, a worker JVM of PEERS peers idles on one Mosquitto while
# the host is kept busy, and every last will meanwhile is a false alarm; then the JVM is frozen (SIGSTOP) and the time
# to its last will is the detection time. A killed peer's socket closes, so it is told at once whatever the keep-alive.
# Usage: bench/keep-alive.sh [KEEP-ALIVES] [PEERS] [SECONDS] [SPINNING THREADS]   (default 2,5 50 60 4)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh keep-alive KeepAliveBench \
    -Dmaestro.bench.keepAlives="${1:-2,5}" -Dmaestro.bench.peers="${2:-50}" -Dmaestro.bench.seconds="${3:-60}" \
    -Dmaestro.bench.spinners="${4:-4}"
