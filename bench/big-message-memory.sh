#!/usr/bin/env bash
# What a sender of big messages keeps in memory, during and after a test (BigMessageMemoryBench): a sender JVM with a
# lab's default heap sends 100MiB messages to a real Artemis; its RSS at the end and while idle after.
# Usage: bench/big-message-memory.sh ["JVM OPTIONS" [COUNT [SIZE]]]
#   (default "-Xmx5900m -XX:G1PeriodicGCInterval=30000" 10 100MiB: the launcher's option, a quarter of 23 GB)
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/run-worker-bench.sh BigMessageMemoryBench "$@"
