#!/usr/bin/env bash
# Flat-out throughput through one single-node Kafka (KRaft, started here): Kafka's own ProducerPerformance +
# ConsumerPerformance against a Maestro sender + receiver on kafka://, 1 KiB messages, one producer and one
# consumer, alternating rounds on the same broker, medians and their ratio (KafkaThroughputBench).
# Usage: bench/driver-vs-kafka-perf.sh [MESSAGES] [ROUNDS]   (default 300000 3)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps   # mosquitto, the control broker
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
# Profile kafka-bench puts kafka-tools (the perf tools) on maestro-worker's test class path; the reactor's own
# modules come from their target/ directories, so nothing is installed into ~/.m2.
mvn -q -B -Pkafka-bench -pl maestro-worker -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  org.maestro.worker.bench.KafkaThroughputBench "${1:-300000}" "${2:-3}"
