#!/usr/bin/env bash
# The highest sustainable rate beside flat out, in one run, on one standalone Artemis 2.44 (AMQP, 1 KiB, 2 connections):
# Maestro's flat-out achieved rate, `artemis perf client`'s flat-out rate, then Maestro's limit search
# (test-scripts/find-limit.groovy: climb by a quarter of flat out up to four times it, bisect to 1/40 of it) and its
# throughput-latency curve. Takes about 5-10 minutes. Sustainable means on schedule, the receivers keeping up and nothing
# lost; flat out is what a sender gets with an unbounded queue and growing latency. Either may be higher: on a busy host
# the sustainable rate sat at half of flat out (the senders could not hold their schedule), on a quiet one 1.54 times
# above it (5,073 against 3,292 msg/s: the backlog flat out lets build slows the broker; a paced rate never builds it).
# Usage: bench/find-limit.sh [STEP_DURATION] [MAX_TIME] [PERF_MESSAGES]   (default 10s 10m 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh find-limit FindLimitBench \
    -Dmaestro.bench.stepDuration="${1:-10s}" -Dmaestro.bench.maxTime="${2:-10m}" -Dmaestro.bench.perfMessages="${3:-100000}"
