#!/bin/sh
# Entry point of the Maestro image: bin/maestro with the container's arguments (`worker --role sender`, `run ...`).
# A replica of a scaled service (docker compose up --scale sender=3) needs a peer name of its own: with
# MAESTRO_NAME_PREFIX set and no MAESTRO_NAME, the name is the prefix and the container's host name, which Docker
# makes unique per container.
set -eu
if [ -z "${MAESTRO_NAME:-}" ] && [ -n "${MAESTRO_NAME_PREFIX:-}" ]; then
  MAESTRO_NAME="${MAESTRO_NAME_PREFIX}$(hostname)"
  export MAESTRO_NAME
fi
exec /opt/maestro/bin/maestro "$@"
