#!/usr/bin/env bash
# What a Prometheus scraping every second costs a worker: flat-out sender + receiver runs through one standalone
# Artemis, each peer serving /metrics, alternately not scraped and scraped by a real Prometheus every 1 s; medians of
# ROUNDS alternating rounds and their ratio (ScrapeOverheadBench). Builds nothing into ~/.m2: the classes come from
# this checkout's target/ directories.
# Usage: bench/scrape-overhead.sh [MESSAGES] [ROUNDS]   (default 200000 3; ROUNDS >= 3)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps   # mosquitto (the control broker) and prometheus
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
# In one reactor, so maestro-worker's class path names maestro-common's and maestro-client-core's target/ directories; the last module writes
# the file.
nice -n 10 mvn -q -B -pl maestro-common,maestro-client-core,maestro-worker test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$cp_file"
home=$(ls -d "$PWD"/maestro-worker/target/artemis-dist/apache-artemis-*/ | head -1)
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dmaestro.artemis.home="$home" \
  -Dmaestro.artemis.work="$PWD/maestro-worker/target/artemis-bench" \
  -cp "maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat "$cp_file")" \
  org.maestro.worker.bench.ScrapeOverheadBench "${1:-200000}" "${2:-3}"
