#!/usr/bin/env bash
# stop-broker-for.sh [--kill] SECONDS [ARTEMIS_INSTANCE_DIR]
#
# Stops a standalone ActiveMQ Artemis broker (SIGTERM, or SIGKILL with --kill), keeps it down for
# SECONDS (a whole or decimal number), then starts it again and waits until it is active: an outage of
# a chosen length. The instance directory is the argument, else $ARTEMIS_INSTANCE, else the SET option
# artemis.instance. Give the agent a handler timeout longer than SECONDS plus the restart.
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/artemis.sh
. "$here/lib/artemis.sh"

signal=TERM
if [ "${1:-}" = "--kill" ]; then
  signal=KILL
  shift
fi
[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: stop-broker-for.sh [--kill] SECONDS [ARTEMIS_INSTANCE_DIR]"
seconds=$1
[[ $seconds =~ ^[0-9]+([.][0-9]+)?$ ]] || die "SECONDS must be a number, not '$seconds'"
instance=$(artemis_instance "${2:-}")

artemis_stop "$instance" "$signal"
log "broker stays down for $seconds s"
sleep "$seconds" # the outage itself
artemis_start "$instance"
