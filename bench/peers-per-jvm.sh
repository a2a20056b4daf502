#!/usr/bin/env bash
# What a peer costs in a `maestro worker --count N` process: for each N, one worker JVM (-Xmx768m) with N idle
# receivers connected to a real Mosquitto; threads, heap in use after a full GC and RSS once all answer PING; then
# HALT to all (PeersPerJvmBench). Builds nothing into ~/.m2.
# Usage: bench/peers-per-jvm.sh [N...]   (default 1 50)
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/run-worker-bench.sh PeersPerJvmBench "$@"
