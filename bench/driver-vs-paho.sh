#!/usr/bin/env bash
# Maestro's MQTT driver (mqtt://, MQTT 5) against a bare Paho MQTT 5 loop: the same QoS, 1 KiB messages, 1000 in flight,
# one connection each side, flat out and at a fixed rate, side by side in one run, against a Mosquitto and the
# standalone Artemis 2.44's MQTT acceptor; throughput ratio and CPU per message ratio (goal >= 0.95 and <= 1.10).
# Usage: bench/driver-vs-paho.sh [MESSAGES [ROUNDS [RATE [QOS]]]]   (default 100000 3 5000 1; a fixed-rate run sends MESSAGES/2)
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" MqttDriverBench "${1:-100000}" "${2:-3}" "${3:-5000}" "${4:-1}"
