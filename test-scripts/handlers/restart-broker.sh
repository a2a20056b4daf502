#!/usr/bin/env bash
# restart-broker.sh [--kill] [ARTEMIS_INSTANCE_DIR]
#
# Restarts a standalone ActiveMQ Artemis broker: stops it (SIGTERM, a graceful shutdown; with --kill,
# SIGKILL, as a crash would) and starts it again in the background, then waits until it is active.
# The instance directory is the argument, else $ARTEMIS_INSTANCE, else the SET option artemis.instance.
# Exit status 0 once the broker is active again; 1 with the reason otherwise.
set -euo pipefail
here=$(cd -- "$(dirname -- "$0")" && pwd -P)
# shellcheck source=lib/artemis.sh
. "$here/lib/artemis.sh"

parse_signal "restart-broker.sh [--kill] [ARTEMIS_INSTANCE_DIR]" 0 1 "$@"
instance=$(artemis_instance "${args[0]:-}")

artemis_stop "$instance" "$signal"
artemis_start "$instance"
