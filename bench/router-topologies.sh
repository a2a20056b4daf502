#!/usr/bin/env bash
# The thesis's router comparison on this host, in one run (maestro-client's RouterTopologiesBench), on Qpid Dispatch,
# skupper-router or both side by side: for a single router, a line of 3 routers, a single broker (standalone Artemis
# 2.44, no router: measured once) and router-broker-router (waypoint auto-links, which both kinds have), the flat-out
# throughput and then the p99 response time at 80 % of that maximum, in interleaved rounds (every set-up's round 1,
# then round 2, ...), the medians side by side with each shape ÷ single router (the thesis: line of 3 ~0.26) and, with
# both kinds, skupper ÷ Qpid Dispatch for each shape. All on this host: routers on loopback (found as
# docs/topologies.md says), the broker, Maestro's sender and receiver (--local), acknowledged sends, 1 KiB.
# About (2 runs x (1 + 3 per kind) set-ups x (DURATION + ~8 s)) per round.
# Usage: bench/router-topologies.sh [ROUNDS [DURATION [WARMUP [CONNECTIONS [ROUTER]]]]]
#        (default 3 10s 3s 2 both; ROUTER: qpid-dispatch, skupper or both)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh router-topologies RouterTopologiesBench \
    -Dmaestro.bench.rounds="${1:-3}" -Dmaestro.bench.duration="${2:-10s}" -Dmaestro.bench.warmup="${3:-3s}" \
    -Dmaestro.bench.connections="${4:-2}" -Dmaestro.bench.router="${5:-both}"
