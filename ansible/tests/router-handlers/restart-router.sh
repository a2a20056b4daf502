#!/usr/bin/env bash
# restart-router.sh [ROUTER_DIR]
#
# The namespace lab's handler for the agent on a router host (router-lab-test.sh puts it in the git repository the
# agent clones): restarts the qdrouterd that the Ansible role qdrouterd_topology runs from ROUTER_DIR (its
# qdrouterd.conf and run script; default $QDROUTERD_DIR, which the role gives an agent on a router host). Stops it
# (SIGTERM; SIGKILL after 10 s), starts it again detached exactly as the role does (setsid nohup ./run, its output
# appended to qdrouterd.out), and waits until its client listener accepts connections again.
# Exit status 0 once it does; 1 with the reason otherwise.
set -euo pipefail
log() { printf '%s %s\n' "$(date -u +%H:%M:%S.%3N)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

dir=${1:-${QDROUTERD_DIR:-}}
[ -n "$dir" ] || die "no router directory: give it as an argument or set QDROUTERD_DIR"
[ -x "$dir/run" ] && [ -f "$dir/qdrouterd.conf" ] || die "'$dir' holds no router of the role qdrouterd_topology (run, qdrouterd.conf)"
pattern="[q]drouterd -c $dir/qdrouterd.conf\$"
# The client listener (named "clients" by the generator): where the router is ready again.
read -r host port < <(awk '/name: clients/ { c = 1 } c && /host:/ { h = $2 } c && /port:/ { print h, $2; exit }' "$dir/qdrouterd.conf")
[ -n "${port:-}" ] || die "no client listener in $dir/qdrouterd.conf"

if pids=$(pgrep -f -- "$pattern"); then
  log "stopping the router of $dir (pid $(echo $pids)) with SIGTERM"
  # shellcheck disable=SC2086 # pids are digits
  kill -TERM $pids 2>/dev/null || true
  for _ in $(seq 1 100); do pgrep -f -- "$pattern" >/dev/null || break; sleep 0.1; done
  if pgrep -f -- "$pattern" >/dev/null; then
    log "the router did not stop within 10 s: SIGKILL"
    pkill -KILL -f -- "$pattern" || true
  fi
  log "router stopped"
else
  log "the router of $dir is not running: starting it"
fi

# Detached: a session of its own, no standard input, its own output file, so that it outlives this handler.
(cd "$dir" && exec setsid nohup ./run >> qdrouterd.out 2>&1 < /dev/null) &
for _ in $(seq 1 300); do
  if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
    log "router started (pid $(pgrep -f -- "$pattern" | head -1)), accepting clients on $host:$port"
    exit 0
  fi
  pgrep -f -- "$pattern" >/dev/null || die "the router exited while starting: $(tail -n 5 "$dir/qdrouterd.out")"
  sleep 0.1
done
die "the router does not accept clients on $host:$port within 30 s: $(tail -n 5 "$dir/qdrouterd.out")"
