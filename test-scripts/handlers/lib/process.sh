# Helpers shared by the handlers' libraries (sourced, not run): logging, and stopping processes with a signal that
# becomes SIGKILL after a timeout.

log() { printf '%s %s\n' "$(date -u +%H:%M:%S.%3N)" "$*"; }
# On stderr: die is often called inside a command substitution, whose stdout is the value, not the log.
die() { log "ERROR: $*" >&2; exit 1; }

any_alive() {
  local p
  for p in "$@"; do
    kill -0 "$p" 2>/dev/null && return 0
  done
  return 1
}

# stop_pids WHAT TIMEOUT SIGNAL POLL PID...: sends SIGNAL to the PIDs (WHAT names them in the log, e.g. "router"),
# waits until they are gone, polling every POLL seconds; SIGKILL after TIMEOUT s; fails if they survive SIGKILL 10 s.
stop_pids() {
  local what=$1 timeout=$2 signal=$3 poll=$4 deadline
  shift 4
  kill -"$signal" "$@" 2>/dev/null || true
  deadline=$((SECONDS + timeout))
  while any_alive "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "$what did not stop within ${timeout} s of SIG$signal: SIGKILL"
      kill -KILL "$@" 2>/dev/null || true
      deadline=$((SECONDS + 10))
      while any_alive "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || die "$what pid $* survived SIGKILL"
        sleep "$poll"
      done
      break
    fi
    sleep "$poll"
  done
}
