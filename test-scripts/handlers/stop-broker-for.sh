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

parse_signal "stop-broker-for.sh [--kill] SECONDS [ARTEMIS_INSTANCE_DIR]" 1 2 "$@"
seconds=$(down_seconds "${args[0]}")
instance=$(artemis_instance "${args[1]:-}")

artemis_stop "$instance" "$signal"
log "broker stays down for $seconds s"
sleep "$seconds" # the outage itself
artemis_start "$instance"
