#!/usr/bin/env bash
# The control plane at scale (issue 16), side by side in one run: 2, 10, 50 and 100 peers on one Mosquitto (half
# senders, half receivers, each half one worker JVM with --count), a short many-peers.groovy test on the standalone
# Artemis per round; prints each size's median time to discover, probe, SET, START, STOP, ask STATS and collect, and one
# PING's round trip under that load, beside the 2-peer figures with their ratio. About 5 minutes with 3 rounds.
# Usage: bench/control-plane-scale.sh [ROUNDS] [PEER COUNTS] [SECONDS]   (default 3 2,10,50,100 5)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh control-plane-scale ControlPlaneScaleBench \
    -Dmaestro.bench.rounds="${1:-3}" -Dmaestro.bench.peers="${2:-2,10,50,100}" -Dmaestro.bench.seconds="${3:-5}"
