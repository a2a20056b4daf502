#!/usr/bin/env bash
# Maestro's Artemis core and OpenWire drivers against `artemis perf client` on one standalone Artemis 2.44: flat out,
# 1 KiB messages, one producer and one consumer, alternating rounds, medians and their ratios, side by side in one run.
# The 2.44 perf client speaks AMQP and CORE only: OpenWire is set beside its CORE figure (said in the output).
# Usage: bench/driver-vs-artemis-perf.sh [MESSAGES] [ROUNDS]   (default 200000 3)
# (AMQP against `artemis perf client --protocol AMQP`: bench/worker-throughput.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps   # mosquitto, the control broker
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
# One reactor build, no install: maestro-common's classes and test-jar come from its target/ directories, and the
# last module of the reactor (maestro-worker) writes the classpath file.
mvn -q -B -pl maestro-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cp_file"
home=$(ls -d "$PWD"/maestro-worker/target/artemis-dist/apache-artemis-*/ | head -1)
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dmaestro.artemis.home="$home" \
  -Dmaestro.artemis.work="$PWD/maestro-worker/target/artemis-bench" \
  -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  org.maestro.worker.bench.DriverBench "${1:-200000}" "${2:-3}"
