#!/usr/bin/env bash
# check-router.sh [QDROUTERD_CONF]
#
# Checks that a router (Qpid Dispatch or skupper-router) is up: a router runs its configuration file and its client port
# accepts connections. Changes nothing; fails, saying which is not so, otherwise. Given to a group of agents (group:
# 'routers'), it tells after a fault that every router of a topology is up again. The router: the argument, else
# $QDROUTERD_CONF, else the agent option router.conf (see lib/qdrouterd.sh).
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/qdrouterd.sh
. "$here/lib/qdrouterd.sh"

parse_args "check-router.sh [QDROUTERD_CONF]" 0 1 "$@"
conf=$(router_conf "${args[0]:-}") # an assignment: set -e ends the handler when there is none
router_check "$conf"
