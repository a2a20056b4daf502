#!/usr/bin/env bash
# Runs one of maestro-worker's bench main classes (org.maestro.worker.bench.MAIN) with its arguments, beside the
# standalone Artemis the build unpacked (ArtemisBroker.fromSystemProperties), warnings only.
# Usage: bench/run-worker-bench.sh MAIN [ARGS...]   (called by the bench scripts)
set -euo pipefail
cd "$(dirname "$0")/.."
main=$1
shift
bin/install-test-deps   # mosquitto, the control broker
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
# One reactor build, no install: maestro-common's and maestro-client-core's classes and test-jars come from their target/ directories, and the
# last module of the reactor (maestro-worker) writes the classpath file.
mvn -q -B -pl maestro-worker -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cp_file"
home=$(ls -d "$PWD"/maestro-worker/target/artemis-dist/apache-artemis-*/ | head -1)
java ${MAESTRO_BENCH_JAVA_OPTS:-} -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dmaestro.artemis.home="$home" \
  -Dmaestro.artemis.work="$PWD/maestro-worker/target/artemis-bench" \
  -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  "org.maestro.worker.bench.$main" "$@"
