#!/usr/bin/env bash
# The thesis's router comparison on this host, in one run (maestro-client's RouterTopologiesBench): for a single
# router, a line of 3 routers, a single broker (standalone Artemis 2.44) and router-broker-router (link routes), the
# flat-out throughput and then the p99 response time at 80 % of that maximum, in interleaved rounds (every set-up's
# round 1, then round 2, ...), the medians side by side, and the ratio line of 3 / single router (the thesis: ~0.26).
# All on this host: routers on loopback (qdrouterd found as docs/topologies.md says), the broker, Maestro's sender and
# receiver (--local), acknowledged sends, 1 KiB. About (2 runs x 4 set-ups x (DURATION + ~8 s)) per round.
# Usage: bench/router-topologies.sh [ROUNDS [DURATION [WARMUP [CONNECTIONS]]]]   (default 3 10s 3s 2)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh router-topologies RouterTopologiesBench \
    -Dmaestro.bench.rounds="${1:-3}" -Dmaestro.bench.duration="${2:-10s}" -Dmaestro.bench.warmup="${3:-3s}" \
    -Dmaestro.bench.connections="${4:-2}"
