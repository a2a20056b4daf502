#!/usr/bin/env bash
# PING round trip over loopback Mosquitto and the embedded broker, against a raw Paho echo.
# Usage: bench/ping-rtt.sh [PINGS]   (default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
# Mosquitto is all it needs beyond Java and Maven (bin/install-test-deps would also bring Ansible, Chromium, RabbitMQ...).
if ! [ -x /usr/sbin/mosquitto ] && ! command -v mosquitto >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq mosquitto >/dev/null
fi
mvn -q -B -pl maestro-client -am install -DskipTests
cp_file=$(mktemp)
mvn -q -B -pl maestro-client dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
java -cp "maestro-client/target/test-classes:maestro-client/target/classes:$(cat "$cp_file")" \
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  org.maestro.client.bench.PingBench "${1:-10000}"
rm -f "$cp_file"
