#!/usr/bin/env bash
# The control plane at scale (issue 16), side by side in one run: 2, 10, 50 and 100 peers on one Mosquitto (half
# senders, half receivers, each half one worker JVM with --count), a short fixed-rate test on the standalone Artemis
# per round; prints each size's median time to discover, probe, SET, START, STOP, ask STATS and collect, and one PING's
# round trip under that load, beside the 2-peer figures with their ratio. About 4 minutes with 3 rounds.
# Usage: bench/control-plane-scale.sh [ROUNDS] [PEER COUNTS] [SECONDS]   (default 3 2,10,50,100 5)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps   # mosquitto, the control broker
log=$(mktemp)
# The reactor builds what maestro-client needs (the standalone Artemis comes with its test set-up); only the bench runs.
if ! nice -n 10 mvn -B -pl maestro-client -am test -Dtest=ControlPlaneScaleBench -Dsurefire.failIfNoSpecifiedTests=false \
    -Dmaestro.bench.rounds="${1:-3}" -Dmaestro.bench.peers="${2:-2,10,50,100}" -Dmaestro.bench.seconds="${3:-5}" >"$log" 2>&1; then
  grep -E "control-plane-scale: |FAIL|ERROR\]" "$log" | head -40
  echo "control-plane-scale: the bench failed; the whole output is in $log" >&2
  exit 1
fi
grep "control-plane-scale: " "$log" | sed 's/^control-plane-scale: //'
rm -f "$log"
