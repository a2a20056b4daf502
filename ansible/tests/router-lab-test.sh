#!/usr/bin/env bash
# The routers' lab test (RouterLabIT in maestro-dist runs it behind -Prouter-lab, then checks what it fetched): a lab
# of six network namespaces of its own (nslab.sh with NSLAB_PREFIX=rlab: r1 r2 r3 load1 load2 client on
# 10.214.0.0/24, the control broker on the client host), the routers of `line 3` on r1-r3 deployed by the role
# qdrouterd_topology from the generator's output, twice (the second must change nothing); then
# router-line-restart.groovy from the client host: a sender on load1 to router-1, a receiver on load2 from router-3,
# the agent on r2 restarting router-2 mid-test with router-handlers/restart-router.sh. Tears everything down at the
# end, also on failure; WORK/runs (the fetched run), WORK/deploy-*.log and WORK/timings stay for the caller.
#   router-lab-test.sh WORK TARBALL [KIND]
# KIND: qpid-dispatch (the default) or skupper, the role's router_kind. The router: the kind's MAESTRO_QDROUTERD or
# MAESTRO_SKROUTERD, else its qdrouterd or skrouterd on PATH, else ../shared/routers/qdrouterd or skrouterd beside the
# checkout (the order of RouterBinary, docs/topologies.md).
set -euo pipefail
work=$1
tarball=$2
here=$(cd "$(dirname "$0")" && pwd)
ansible_dir=$(cd "$here/.." && pwd)
export NSLAB_PREFIX=rlab NSLAB_NET=10.214.0 NSLAB_HOSTS="r1 r2 r3 load1 load2 client"
lab=router-lab-test
# shellcheck source=lib/lab.sh
. "$here/lib/lab.sh"
kind=${3:-qpid-dispatch}
case "$kind" in
  qpid-dispatch) router_command=qdrouterd; setting=MAESTRO_QDROUTERD ;;
  skupper) router_command=skrouterd; setting=MAESTRO_SKROUTERD ;;
  *) echo "router-lab-test: '$kind' is no router kind: qpid-dispatch or skupper" >&2; exit 2 ;;
esac
shared_router="$ansible_dir/../../shared/routers/$router_command"
router=${!setting:-$(command -v "$router_command" || { [ -x "$shared_router" ] && "$shared_router"; } || true)}
[ -n "$router" ] && [ -x "$router" ] || { echo "router-lab-test: no $router_command (set $setting, or see docs/topologies.md, \"A router to run\")" >&2; exit 3; }

cleanup() {
  # The peers' and routers' own output, for the caller to read when something went wrong (the hosts' directories go).
  mkdir -p "$work/logs"
  for f in "$work"/hosts/*/services/*/output.log "$work"/hosts/*/qdrouterd/"$router_command".out; do
    [ -f "$f" ] && cp "$f" "$work/logs/$(echo "${f#"$work"/hosts/}" | tr / _)"
  done
  remove_lab
}
trap cleanup EXIT
mkdir -p "$work/runs"
"$here/nslab.sh" up "$work"

# The handler the agent runs, in a git repository it takes by its file path.
handler_repository "$here/router-handlers"

cat > "$work/inventory.yml" <<INV
all:
  vars:
    ansible_user: root
    ansible_ssh_common_args: "-F $work/ssh_config"
    ansible_python_interpreter: /usr/bin/python3
    maestro_dist_tarball: $tarball
    # Network namespaces have no systemd of their own.
    maestro_service_manager: supervisor
    # The hosts share this machine's files, where Mosquitto's own user cannot read the lab's directories.
    mosquitto_user: root
    maestro_peer_java_opts: "-Xmx256m"
    qdrouterd_topology: line 3
    router_kind: $kind
    qdrouterd_binary: $router
  children:
    control_broker:
      hosts:
        client: {}
    routers:
      hosts:
        r1: {ansible_host: 10.214.0.1, maestro_root: $work/hosts/r1, qdrouterd_node: router-1}
        r2: {ansible_host: 10.214.0.2, maestro_root: $work/hosts/r2, qdrouterd_node: router-2}
        r3: {ansible_host: 10.214.0.3, maestro_root: $work/hosts/r3, qdrouterd_node: router-3}
    agents:
      hosts:
        r2: {maestro_agent_allow: ["file://$work/handlers.git"], maestro_agent_handler_timeout: 60s}
    senders:
      hosts:
        load1: {ansible_host: 10.214.0.4, maestro_root: $work/hosts/load1}
    receivers:
      hosts:
        load2: {ansible_host: 10.214.0.5, maestro_root: $work/hosts/load2}
    client:
      hosts:
        client: {ansible_host: 10.214.0.6, maestro_root: $work/hosts/client}
INV
( umask 077; printf 'maestro_broker_password: "lab/pass:w0rd"\n' > "$work/secrets.yml" )

deploy_twice
cp "$work/hosts/r2/qdrouterd/$router_command.conf" "$work/router-2.conf"

# router-1's clients on 5672, router-3's on 5676 (maestro topology --ports 5672: router i gets 5672 + 2i).
run_scenario router-line "{\"scenario\": \"$here/router-line-restart.groovy\", \"fetch_dir\": \"$work/runs/router-line\",
  \"params\": {\"rate\": 200, \"duration\": \"16s\", \"at\": \"6s\", \"handlers\": \"file://$work/handlers.git\",
               \"sendUrl\": \"amqp://10.214.0.1:5672/lab.line?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200\",
               \"receiveUrl\": \"amqp://10.214.0.3:5676/lab.line\"}}"

teardown $NSLAB_HOSTS
echo "router-lab-test: done"
