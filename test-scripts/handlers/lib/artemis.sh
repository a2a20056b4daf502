# Helpers of the Artemis handlers (sourced, not run): find, stop and start a standalone ActiveMQ
# Artemis broker instance, i.e. a directory made by 'artemis create' holding bin/artemis.
#
# Settings (environment): ARTEMIS_STOP_TIMEOUT (seconds before SIGTERM becomes SIGKILL, default 30),
# ARTEMIS_START_TIMEOUT (seconds to wait for the broker to be active, default 120).

ARTEMIS_STOP_TIMEOUT=${ARTEMIS_STOP_TIMEOUT:-30}
ARTEMIS_START_TIMEOUT=${ARTEMIS_START_TIMEOUT:-120}

# shellcheck source=process.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/process.sh"

# The instance directory (physical path): the argument, else $ARTEMIS_INSTANCE, else the SET option
# artemis.instance (MAESTRO_OPTION_ARTEMIS_INSTANCE).
artemis_instance() {
  local dir="${1:-${ARTEMIS_INSTANCE:-${MAESTRO_OPTION_ARTEMIS_INSTANCE:-}}}"
  [ -n "$dir" ] || die "no Artemis instance: give its directory as an argument, or set ARTEMIS_INSTANCE or the SET option artemis.instance"
  [ -f "$dir/bin/artemis" ] || die "'$dir' is not an Artemis instance (it has no bin/artemis)"
  (cd -- "$dir" && pwd -P)
}

# The PIDs of the broker JVMs of an instance: processes whose command line holds
# -Dartemis.instance=<a path to that directory>.
artemis_pids() {
  local instance=$1 f p arg dir
  # One grep over every command line picks the candidates: two processes per process on the host took
  # seconds on a loaded one, and delayed the fault. A process may end meanwhile, so errors are silenced.
  for f in $(grep -l -a -F -e '-Dartemis.instance=' /proc/[0-9]*/cmdline 2>/dev/null || true); do
    p=${f#/proc/}
    p=${p%/cmdline}
    arg=$({ tr '\0' '\n' < "$f"; } 2>/dev/null | grep -m1 -- '^-Dartemis\.instance=' || true)
    [ -n "$arg" ] || continue
    dir=$(cd -- "${arg#-Dartemis.instance=}" 2>/dev/null && pwd -P || true)
    if [ "$dir" = "$instance" ]; then
      echo "$p"
    fi
  done
}

# artemis_stop INSTANCE [TERM|KILL]: TERM stops gracefully (SIGKILL after ARTEMIS_STOP_TIMEOUT s),
# KILL crashes it at once.
artemis_stop() {
  local instance=$1 signal=${2:-TERM} pids
  pids=$(artemis_pids "$instance")
  if [ -z "$pids" ]; then
    log "broker $instance is not running: nothing to stop"
    return 0
  fi
  log "stopping broker $instance (pid $(echo $pids)) with SIG$signal"
  # shellcheck disable=SC2086 # pids are digits read from /proc
  stop_pids broker "$ARTEMIS_STOP_TIMEOUT" "$signal" 0.1 $pids
  rm -f "$instance/data/artemis.pid"
  log "broker stopped"
}

# artemis_start INSTANCE: starts 'bin/artemis run' detached (own session, output appended to
# <instance>/log/maestro-handler.out, pid in <instance>/data/artemis.pid like artemis-service),
# then waits until the broker logs AMQ221007 (server is now active).
artemis_start() {
  local instance=$1 out from pid deadline
  if [ -n "$(artemis_pids "$instance")" ]; then
    die "broker $instance is already running (pid $(echo $(artemis_pids "$instance")))"
  fi
  mkdir -p "$instance/log" "$instance/data"
  out="$instance/log/maestro-handler.out"
  touch "$out"
  from=$(( $(stat -c %s "$out") + 1 ))
  log "starting broker $instance (its output goes to $out)"
  # The broker must outlive this handler: a session of its own, no standard input, its own output file
  # (not the handler's pipe). Variables of the scripts come from the instance, not from our caller.
  (
    unset CLASSPATH DEBUG_ARGS HAWTIO_ROLES JAVA_ARGS JAVA_ARGS_APPEND LOGGING_ARGS ARTEMIS_PROFILE ARTEMIS_HOME ARTEMIS_DATA_DIR
    export ARTEMIS_INSTANCE="$instance"
    exec setsid nohup "$instance/bin/artemis" run >> "$out" 2>&1 < /dev/null
  ) &
  pid=$!
  echo "$pid" > "$instance/data/artemis.pid"
  deadline=$((SECONDS + ARTEMIS_START_TIMEOUT))
  until tail -c +"$from" "$out" | grep -q 'AMQ221007'; do
    if ! kill -0 "$pid" 2>/dev/null; then
      die "broker exited while starting; the end of $out: $(tail -n 20 "$out")"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      die "broker not active within ${ARTEMIS_START_TIMEOUT} s (pid $pid still runs); the end of $out: $(tail -n 20 "$out")"
    fi
    sleep 0.2
  done
  log "broker started (pid $pid): $(tail -c +"$from" "$out" | grep -m1 'AMQ221007' | sed 's/^.*AMQ221007/AMQ221007/')"
}
