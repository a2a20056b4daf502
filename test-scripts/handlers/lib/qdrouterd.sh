# Helpers of the router handlers (sourced, not run): find, stop and start a Qpid Dispatch router (qdrouterd, or
# skupper-router's skrouterd) known by its configuration file.
#
# Which router: the configuration file given as an argument, else $QDROUTERD_CONF, else the agent's option
# router.conf (MAESTRO_OPTION_ROUTER_CONF: --local gives each router's agent its own). Which program starts it again:
# $QDROUTERD, else the option router.binary, else qdrouterd or skrouterd on PATH. Its client port (the one that must
# close when it stops and accept connections when it is back) is read from the configuration: the first listener
# whose role is normal.
# Settings (environment): ROUTER_STOP_TIMEOUT (seconds before SIGTERM becomes SIGKILL, default 10),
# ROUTER_START_TIMEOUT (seconds to wait for the client port, default 30).

ROUTER_STOP_TIMEOUT=${ROUTER_STOP_TIMEOUT:-10}
ROUTER_START_TIMEOUT=${ROUTER_START_TIMEOUT:-30}

# shellcheck source=process.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/process.sh"
now_millis() { date +%s%3N; }

# The configuration file (physical path): the argument, else $QDROUTERD_CONF, else the option router.conf.
router_conf() {
  local conf="${1:-${QDROUTERD_CONF:-${MAESTRO_OPTION_ROUTER_CONF:-}}}"
  [ -n "$conf" ] || die "no router: give its qdrouterd.conf as an argument, or set QDROUTERD_CONF or the agent option router.conf"
  [ -f "$conf" ] || die "'$conf' is not a router configuration file (no such file)"
  echo "$(cd -- "$(dirname -- "$conf")" && pwd -P)/$(basename -- "$conf")"
}

# The program that starts a router.
router_binary() {
  local bin="${QDROUTERD:-${MAESTRO_OPTION_ROUTER_BINARY:-}}"
  if [ -z "$bin" ]; then
    bin=$(command -v qdrouterd || command -v skrouterd || true)
  fi
  [ -n "$bin" ] && [ -x "$bin" ] || die "no router program: set QDROUTERD or the agent option router.binary, or put qdrouterd on PATH"
  echo "$bin"
}

# "HOST PORT" of the first listener of CONF whose role is normal (the default role).
router_client_listener() {
  awk '
    /^[[:space:]]*listener[[:space:]]*\{/ { inside = 1; host = "0.0.0.0"; port = ""; role = "normal"; next }
    inside && /^[[:space:]]*\}/ { inside = 0; if (role == "normal" && port != "") { print host, port; exit } next }
    inside { line = $0; sub(/#.*/, "", line); split(line, kv, ":"); k = kv[1]; gsub(/[[:space:]]/, "", k);
             v = substr(line, index(line, ":") + 1); gsub(/[[:space:]]/, "", v);
             if (k == "host") host = v; else if (k == "port") port = v; else if (k == "role") role = v }
  ' "$1"
}

# Whether HOST PORT accepts TCP connections now.
accepts() {
  local host=$1 port=$2
  [ "$host" = "0.0.0.0" ] && host=127.0.0.1
  [ "$host" = "::" ] && host=::1
  (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null
}

# The PIDs of the routers running CONF: processes whose command line holds "-c CONF" (or --config).
router_pids() {
  local conf=$1 f p
  for f in $(grep -l -a -F -e "$conf" /proc/[0-9]*/cmdline 2>/dev/null || true); do
    p=${f#/proc/}
    p=${p%/cmdline}
    if { tr '\0' '\n' < "$f"; } 2>/dev/null | grep -A1 -x -e '-c' -e '--config' | grep -q -x -F -- "$conf"; then
      echo "$p"
    fi
  done
}

# router_stop CONF [TERM|KILL]: stops the router, then checks that its client port closed. Fails if no router runs
# CONF (a stop that stopped nothing injected no fault), if it survives SIGKILL, or if the port still accepts.
router_stop() {
  local conf=$1 signal=${2:-TERM} pids listener
  listener=$(router_client_listener "$conf")
  pids=$(router_pids "$conf")
  [ -n "$pids" ] || die "no router runs $conf: nothing to stop"
  log "stopping router $conf (pid $(echo $pids)) with SIG$signal"
  # shellcheck disable=SC2086 # pids are digits read from /proc
  stop_pids router "$ROUTER_STOP_TIMEOUT" "$signal" 0.05 $pids
  if [ -n "$listener" ]; then
    # shellcheck disable=SC2086 # "host port"
    ! accepts $listener || die "router stopped, but $listener still accepts connections (another process listens there?)"
  fi
  log "router stopped; $listener refuses connections"
}

# router_start CONF: starts the router detached (a session of its own, so the agent's stop of this handler spares
# it; output appended to qdrouterd.out beside CONF), then waits until its client port accepts connections.
router_start() {
  local conf=$1 bin dir out pid deadline listener
  [ -z "$(router_pids "$conf")" ] || die "a router already runs $conf (pid $(echo $(router_pids "$conf")))"
  bin=$(router_binary)
  listener=$(router_client_listener "$conf")
  [ -n "$listener" ] || die "$conf has no listener with role normal: nothing to tell that the router is back"
  dir=$(dirname -- "$conf")
  out="$dir/qdrouterd.out"
  log "starting router $conf with $bin (its output goes to $out)"
  (
    cd -- "$dir"
    exec setsid nohup "$bin" -c "$conf" >> "$out" 2>&1 < /dev/null
  ) &
  pid=$!
  deadline=$((SECONDS + ROUTER_START_TIMEOUT))
  # shellcheck disable=SC2086 # "host port"
  until accepts $listener; do
    if ! kill -0 "$pid" 2>/dev/null; then
      die "router exited while starting; the end of $out: $(tail -n 5 "$out" | tr '\n' '|')"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      die "router not listening on $listener within ${ROUTER_START_TIMEOUT} s (pid $pid still runs); the end of $out: $(tail -n 5 "$out" | tr '\n' '|')"
    fi
    sleep 0.05
  done
  log "router started (pid $pid), $listener accepts connections"
}

# router_check CONF: fails unless a router runs CONF and its client port accepts connections; changes nothing.
router_check() {
  local conf=$1 pids listener
  pids=$(router_pids "$conf")
  [ -n "$pids" ] || die "no router runs $conf"
  listener=$(router_client_listener "$conf")
  [ -n "$listener" ] || die "$conf has no listener with role normal: nothing to tell that the router is up"
  # shellcheck disable=SC2086 # "host port"
  accepts $listener || die "the router of $conf runs (pid $(echo $pids)) but $listener refuses connections"
  log "router $conf up (pid $(echo $pids)), $listener accepts connections"
}
