#!/usr/bin/env bash
# The multi-host lab test's driver (LabIT in maestro-dist runs it, then checks what it fetched): builds the network
# namespace lab (nslab.sh), deploys it with the playbooks over SSH (twice: the second must change nothing), runs
# fixed-rate.groovy and fixed-rate-with-agent.groovy from the client host, then fixed-rate.groovy again while the
# sender's host loses its link for a few seconds, and tears down. Everything it made goes at the end, also on failure;
# WORK/runs (the fetched runs) and WORK/timings stay for the caller.
#   lab-test.sh WORK TARBALL ARTEMIS_DIST
set -euo pipefail
work=$1
tarball=$2
artemis=$3
here=$(cd "$(dirname "$0")" && pwd)
ansible_dir=$(cd "$here/.." && pwd)
lab=lab-test
# shellcheck source=lib/lab.sh
. "$here/lib/lab.sh"

trap remove_lab EXIT
mkdir -p "$work/runs"
"$here/nslab.sh" up "$work"

# The handlers the agent runs, in a git repository it takes by its file path.
handler_repository "$ansible_dir/../test-scripts/handlers"

cat > "$work/inventory.yml" <<INV
all:
  vars:
    ansible_user: root
    ansible_ssh_common_args: "-F $work/ssh_config"
    ansible_python_interpreter: /usr/bin/python3
    maestro_dist_tarball: $tarball
    artemis_dist: $artemis
    # Network namespaces have no systemd of their own.
    maestro_service_manager: supervisor
    # The hosts share this machine's files, where Mosquitto's own user cannot read the lab's directories.
    mosquitto_user: root
    maestro_peer_java_opts: "-Xmx256m"
    artemis_java_memory: 512M
  children:
    control_broker:
      hosts:
        broker: {ansible_host: 10.213.0.1, maestro_root: $work/hosts/broker}
    artemis_sut:
      hosts:
        sut: {ansible_host: 10.213.0.2, maestro_root: $work/hosts/sut}
    inspectors:
      hosts:
        sut: {}
    agents:
      hosts:
        sut: {maestro_agent_allow: ["file://$work/handlers.git"], maestro_agent_handler_timeout: 150s}
    senders:
      hosts:
        load1: {ansible_host: 10.213.0.3, maestro_root: $work/hosts/load1}
    receivers:
      hosts:
        load2: {ansible_host: 10.213.0.4, maestro_root: $work/hosts/load2}
    client:
      hosts:
        client: {ansible_host: 10.213.0.5, maestro_root: $work/hosts/client}
INV
( umask 077; printf 'maestro_broker_password: "lab/pass:w0rd"\nartemis_password: "sut-pass"\n' > "$work/secrets.yml" )
sut_url="amqp://admin:sut-pass@10.213.0.2:5672"
jolokia="http://admin:sut-pass@10.213.0.2:8161/console/jolokia"

deploy_twice

run_scenario fixed-rate "{\"scenario\": \"test-scripts/fixed-rate.groovy\", \"fetch_dir\": \"$work/runs/fixed-rate\",
  \"params\": {\"rate\": 200, \"duration\": \"8s\", \"warmup\": \"2s\", \"warmupSendDelay\": \"off\", \"p99\": \"5 s\"},
  \"secret_params\": {\"url\": \"$sut_url/lab.fixed\", \"jolokia\": \"$jolokia\"}}"
run_scenario with-agent "{\"scenario\": \"test-scripts/fixed-rate-with-agent.groovy\", \"fetch_dir\": \"$work/runs/with-agent\",
  \"params\": {\"rate\": 300, \"duration\": \"16s\", \"at\": \"4s\", \"handlers\": \"file://$work/handlers.git\",
               \"instance\": \"$work/hosts/sut/artemis/instance\"},
  \"secret_params\": {\"url\": \"$sut_url/lab.fault?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200\",
                      \"jolokia\": \"$jolokia\"}}"

# The sender's host loses its link for 15 s, 5 s after it began to send (its first rate log of this run); with a
# control grace of 2 s (maestro run --control-grace) the lost peer ends the run. The cut must outlast the control
# broker's keep-alive detection (1.5 x 5 s; with the former 2 s, seen up to 5 s on a loaded host) plus the grace: a 6 s cut once ended
# 2.0 s after the will, so the sender came back just inside the grace and the run went on to FAILED instead of ERROR.
touch "$work/link-cut.mark"
( for _ in $(seq 1 600); do
    [ -n "$(find "$work/hosts/load1/data" -newer "$work/link-cut.mark" -name '*.rlog' 2>/dev/null)" ] && break
    sleep 0.2
  done
  sleep 5
  echo "lab-test: cutting load1's link at $(date -u +%T)"
  "$here/nslab.sh" cut load1 15 ) &
cutter=$!
run_scenario link-cut "{\"scenario\": \"test-scripts/fixed-rate.groovy\", \"fetch_dir\": \"$work/runs/link-cut\",
  \"params\": {\"rate\": 200, \"duration\": \"30s\", \"warmup\": \"2s\", \"p99\": \"5 s\"},
  \"run_options\": [\"--control-grace\", \"2s\"], \"secret_params\": {\"url\": \"$sut_url/lab.cut\"}}"
wait "$cutter" || true

# The data server address each peer advertised (its ready line): the hosts' directories go with the lab.
grep -h "served at" "$work"/hosts/*/services/*/output.log > "$work/data-urls.txt" || true

teardown broker sut load1 load2 client
echo "lab-test: done"
