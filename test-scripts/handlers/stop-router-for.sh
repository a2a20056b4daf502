#!/usr/bin/env bash
# stop-router-for.sh [--kill] SECONDS [QDROUTERD_CONF]
#
# Stops a router (Qpid Dispatch or skupper-router, see lib/qdrouterd.sh) (SIGTERM, or SIGKILL with --kill), checks that
# its client port closed, keeps it down for SECONDS (a whole or decimal number), then starts it again and waits until
# the port accepts connections: an outage of a chosen length. The router: the argument, else $QDROUTERD_CONF, else the
# agent option router.conf. Give the agent a handler timeout longer than SECONDS plus the restart.
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/qdrouterd.sh
. "$here/lib/qdrouterd.sh"

parse_signal "stop-router-for.sh [--kill] SECONDS [QDROUTERD_CONF]" 1 2 "$@"
seconds=$(down_seconds "${args[0]}")
conf=$(router_conf "${args[1]:-}")

bin=$(router_binary) # before the stop: a router that cannot be started again is not stopped
t0=$(now_millis)
router_stop "$conf" "$signal"
log "$(router_what "$conf") stays down for $seconds s"
sleep "$seconds" # the outage itself
router_start "$conf" "$bin"
log "$(router_what "$conf") down and back in $(( $(now_millis) - t0 )) ms"
