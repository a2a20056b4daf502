#!/usr/bin/env bash
# start-router.sh [QDROUTERD_CONF]
#
# Starts a router (Qpid Dispatch or skupper-router, see lib/qdrouterd.sh) that is not running (after a stop, or one that
# crashed), detached from this handler, and waits until its client port accepts connections. Fails if a router already
# runs that configuration. The router: the argument, else $QDROUTERD_CONF, else the agent option router.conf (see
# lib/qdrouterd.sh).
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/qdrouterd.sh
. "$here/lib/qdrouterd.sh"

parse_args "start-router.sh [QDROUTERD_CONF]" 0 1 "$@"
conf=$(router_conf "${args[0]:-}") # an assignment: set -e ends the handler when there is none
router_start "$conf"
