#!/usr/bin/env bash
# restart-router.sh [--kill] [QDROUTERD_CONF]
#
# Restarts a router (Qpid Dispatch or skupper-router, see lib/qdrouterd.sh): stops it (SIGTERM; with --kill, SIGKILL, as
# a crash would), checks that its client port closed, starts it again detached and waits until the port accepts
# connections. The router is known by its configuration file: the argument, else $QDROUTERD_CONF, else the agent option
# router.conf (see lib/qdrouterd.sh). Exit status 0 once the router is back, with how long it was down; 1 with the
# reason otherwise.
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/qdrouterd.sh
. "$here/lib/qdrouterd.sh"

parse_signal "restart-router.sh [--kill] [QDROUTERD_CONF]" 0 1 "$@"
conf=$(router_conf "${args[0]:-}")

bin=$(router_binary) # before the stop: a router that cannot be started again is not stopped
t0=$(now_millis)
router_stop "$conf" "$signal"
router_start "$conf" "$bin"
log "$(router_what "$conf") down and back in $(( $(now_millis) - t0 )) ms"
