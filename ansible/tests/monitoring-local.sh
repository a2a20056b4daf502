#!/usr/bin/env bash
# The prometheus_monitoring role on this machine alone (connection local, plain supervisor, everything under a
# temporary directory): a throw-away Mosquitto and one worker from the distribution, then the role twice (the second
# must change nothing), then Prometheus must hold the worker's `up` and `maestro_peer_info` with the labels
# `maestro targets` gave. Stops what it started, by pid, even on failure.
# Usage: ansible/tests/monitoring-local.sh   (after `mvn -B package -DskipTests`; bin/install-test-deps for the rest)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
tarball=$(ls "$here"/maestro-dist/target/maestro-*.tar.gz | head -1)
ansible_playbook=${MAESTRO_ANSIBLE_VENV:-$HOME/.cache/maestro/ansible-venv}/bin/ansible-playbook
work=$(mktemp -d /tmp/maestro-monitoring-XXXXXX)
pids=()
cleanup() {
  for s in "$work"/root/services/*; do
    [ -d "$s" ] && "$work/root/bin/maestro-service" stop "$s" >/dev/null || true
  done
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "monitoring-local: $*" >&2; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

broker_port=$(free_port)
prometheus_port=$(free_port)
printf 'listener %s 127.0.0.1\nallow_anonymous true\n' "$broker_port" > "$work/mosquitto.conf"
/usr/sbin/mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 &
pids+=($!)
mkdir -p "$work/dist"
tar -xzf "$tarball" -C "$work/dist"
"$work"/dist/maestro-*/bin/maestro worker --role sender --broker "mqtt://127.0.0.1:$broker_port" --name mon-sender \
  --data-host 127.0.0.1 --data-dir "$work/worker-data" > "$work/worker.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do grep -q "is ready on" "$work/worker.log" && break; sleep 0.1; done
grep -q "is ready on" "$work/worker.log" || fail "the worker did not start: $(tail -5 "$work/worker.log")"

cat > "$work/inventory.yml" <<INVENTORY
all:
  vars:
    ansible_connection: local
    ansible_python_interpreter: /usr/bin/python3
    maestro_root: $work/root
    maestro_dist_tarball: $tarball
    maestro_broker_address: 127.0.0.1
    maestro_broker_port: $broker_port
    maestro_broker_password: unused-by-an-anonymous-broker
    maestro_service_manager: supervisor
    prometheus_listen_address: 127.0.0.1:$prometheus_port
    prometheus_config: $here/prometheus/prometheus.yml
  children:
    monitoring:
      hosts:
        localhost: {}
INVENTORY
printf -- '- name: Monitoring alone\n  hosts: monitoring\n  gather_facts: false\n  roles: [maestro_dist, prometheus_monitoring]\n' \
  > "$work/play.yml"
export ANSIBLE_ROLES_PATH="$here/ansible/roles"
"$ansible_playbook" -i "$work/inventory.yml" "$work/play.yml" > "$work/first.log" 2>&1 || fail "first run: $(tail -20 "$work/first.log")"
"$ansible_playbook" -i "$work/inventory.yml" "$work/play.yml" > "$work/second.log" 2>&1 || fail "second run: $(tail -20 "$work/second.log")"
grep -q "changed=0 " "$work/second.log" || fail "the second run changed something: $(grep -E 'changed:|ok=' "$work/second.log")"
info=$(curl -sf "http://127.0.0.1:$prometheus_port/api/v1/query" --data-urlencode 'query=maestro_peer_info{job="maestro"} * on(instance) group_left up')
echo "$info" | grep -q '"peer":"mon-sender"' && echo "$info" | grep -q '"role":"sender"' && echo "$info" | grep -q '"1"\]' \
  || fail "Prometheus does not hold the worker: $info"
echo "monitoring-local: the role deployed Prometheus and maestro targets; Prometheus scrapes mon-sender; second run changed=0"
