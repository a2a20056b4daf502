#!/usr/bin/env bash
# The control plane at scale (issues 16, 25), side by side in one run: 2, 10, 50, 100, 250 and 500 peers on one
# Mosquitto (half senders, half receivers, each half one worker JVM with --count), a short many-peers.groovy test on the
# standalone Artemis per round; prints each size's median time to discover, probe, SET, prepare (open the SUT
# connections), START, STOP, ask STATS and collect, the start skew (each round also how the peers' lateness spreads
# within each role), one PING's round trip under that load and the worker JVMs' threads a peer (idle, run's peak), beside
# the 2-peer figures with their ratio and that ratio per peer (above 1: worse than linear), then the goals (START <= 2 s
# at 100 peers and <= 5 s at 500, start skew <= 5 ms at 100). About 20 minutes with 3 rounds on 2 cores.
# Usage: bench/control-plane-scale.sh [ROUNDS] [PEER COUNTS] [SECONDS] [RATE PER PEER]   (default 3 2,10,50,100,250,500 5 20)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh control-plane-scale ControlPlaneScaleBench \
    -Dmaestro.bench.rounds="${1:-3}" -Dmaestro.bench.peers="${2:-2,10,50,100,250,500}" -Dmaestro.bench.seconds="${3:-5}" \
    -Dmaestro.bench.ratePerPeer="${4:-20}"
