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

# parse_args USAGE MIN MAX ARG...: MIN to MAX arguments, which it leaves in the caller's array args; dies with USAGE
# otherwise.
parse_args() {
  local usage=$1 min=$2 max=$3
  shift 3
  [ $# -ge "$min" ] && [ $# -le "$max" ] || die "usage: $usage"
  args=("$@")
}

# parse_signal USAGE MIN MAX ARG...: the stopping handlers' arguments, an optional leading --kill (signal=KILL: a crash;
# else signal=TERM: graceful), then as parse_args. Sets the caller's variables signal and args.
parse_signal() {
  local usage=$1 min=$2 max=$3
  shift 3
  signal=TERM
  if [ "${1:-}" = "--kill" ]; then
    signal=KILL
    shift
  fi
  parse_args "$usage" "$min" "$max" "$@"
}

# down_seconds SECONDS: prints SECONDS if it is a whole or decimal number (how long a stop-*-for handler keeps its SUT
# down), dies otherwise.
down_seconds() {
  [[ $1 =~ ^[0-9]+([.][0-9]+)?$ ]] || die "SECONDS must be a number, not '$1'"
  echo "$1"
}
