#!/usr/bin/env bash
# What a sender's or receiver's watching of itself (resource-usage.csv, docs/generator-load.md) costs: the CPU time of
# one second's sample, median of batches. Its effect on a flat-out run is below worker-throughput.sh's noise.
# Usage: bench/sampler-cost.sh [CALLS] [BATCHES]   (default 2000 5)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -pl maestro-worker -am install -DskipTests
mvn -q -B -pl maestro-worker test-compile
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -B -pl maestro-worker dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
java -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  org.maestro.worker.bench.SamplerCostBench "${1:-2000}" "${2:-5}"
