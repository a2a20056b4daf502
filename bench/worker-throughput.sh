#!/usr/bin/env bash
# Flat-out throughput through one standalone Artemis: `artemis perf client` (AMQP) against a Maestro
# sender + receiver, alternating rounds, medians and their ratio.
# Usage: bench/worker-throughput.sh [MESSAGES] [ROUNDS]   (default 200000 3)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps   # mosquitto, the control broker
mvn -q -B -pl maestro-worker -am install -DskipTests
mvn -q -B -pl maestro-worker test-compile
home=$(ls -d "$PWD"/maestro-worker/target/artemis-dist/apache-artemis-*/ | head -1)
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -B -pl maestro-worker dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dmaestro.artemis.home="$home" \
  -Dmaestro.artemis.work="$PWD/maestro-worker/target/artemis-bench" \
  -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  org.maestro.worker.bench.ThroughputBench "${1:-200000}" "${2:-3}"
