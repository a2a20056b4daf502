# Helpers of the router handlers (sourced, not run): find, stop and start a router of either kind, Qpid Dispatch
# (qdrouterd) or skupper-router (skrouterd), known by its configuration file; both read the same format.
#
# Which router: the configuration file given as an argument, else $QDROUTERD_CONF, else the agent's option
# router.conf (MAESTRO_OPTION_ROUTER_CONF: --local gives each router's agent its own, with router.name, router.kind and
# router.binary). Which program starts it again: $QDROUTERD, else the option router.binary, else the command of the
# kind ($ROUTER_KIND, else the option router.kind: qpid-dispatch or skupper) on PATH, else qdrouterd or skrouterd on
# PATH; a program of the other kind than the one chosen is refused. Its client port (the one that must close when it
# stops and accept connections when it is back) is read from the configuration: the first listener whose role is
# normal. What the handlers print names the kind (by the running router's program, else the chosen kind, else the
# program's name) and the router (router.name, when it is the agent's own).
# Settings (environment): ROUTER_STOP_TIMEOUT (seconds before SIGTERM becomes SIGKILL, default 10),
# ROUTER_START_TIMEOUT (seconds to wait for the client port, default 30).

ROUTER_STOP_TIMEOUT=${ROUTER_STOP_TIMEOUT:-10}
ROUTER_START_TIMEOUT=${ROUTER_START_TIMEOUT:-30}

# shellcheck source=process.sh
. "$(dirname -- "${BASH_SOURCE[0]}")/process.sh"
now_millis() { date +%s%3N; }

# The two router kinds, as Maestro's RouterKind names them: the word that chooses one, its product name, its command.
# kind_of_program PROGRAM: the kind a program is by its file name (skrouterd, skrouterd-3.5, ...), or "" for neither.
kind_of_program() {
  case "$(basename -- "${1:-none}")" in
    qdrouterd*) echo qpid-dispatch ;;
    skrouterd*) echo skupper ;;
    *) echo "" ;;
  esac
}
kind_command() {
  case $1 in
    qpid-dispatch) echo qdrouterd ;;
    skupper) echo skrouterd ;;
    *) die "router kind '$1' (ROUTER_KIND or the option router.kind) is none: choose qpid-dispatch or skupper" ;;
  esac
}
kind_product() {
  case $1 in
    qpid-dispatch) echo "Qpid Dispatch" ;;
    skupper) echo skupper-router ;;
    *) echo router ;;
  esac
}
# The kind chosen for this handler: $ROUTER_KIND, else the agent option router.kind; "" when neither says.
chosen_kind() { echo "${ROUTER_KIND:-${MAESTRO_OPTION_ROUTER_KIND:-}}"; }

# router_what CONF [PID [PROGRAM]]: the router for people, e.g. "skupper-router router-2 (/path/qdrouterd.conf)": its
# kind by the program PID runs, else by PROGRAM, else the chosen kind, else by the program set to start it; its name when
# CONF is the agent's own.
router_what() {
  local conf=$1 pid=${2:-} kind="" name="" own=""
  if [ -n "$pid" ]; then
    kind=$(kind_of_program "$({ tr '\0' '\n' < "/proc/$pid/cmdline" | head -n 1; } 2>/dev/null || true)")
  fi
  [ -n "$kind" ] || kind=$(kind_of_program "${3:-}")
  [ -n "$kind" ] || kind=$(chosen_kind)
  [ -n "$kind" ] || kind=$(kind_of_program "${QDROUTERD:-${MAESTRO_OPTION_ROUTER_BINARY:-}}")
  if [ -n "${MAESTRO_OPTION_ROUTER_CONF:-}" ] && [ -f "$MAESTRO_OPTION_ROUTER_CONF" ]; then
    own="$(cd -- "$(dirname -- "$MAESTRO_OPTION_ROUTER_CONF")" && pwd -P)/$(basename -- "$MAESTRO_OPTION_ROUTER_CONF")"
  fi
  [ "$own" = "$conf" ] && name="${MAESTRO_OPTION_ROUTER_NAME:-}"
  echo "$(kind_product "$kind")${name:+ $name} ($conf)"
}

# The configuration file (physical path): the argument, else $QDROUTERD_CONF, else the option router.conf.
router_conf() {
  local conf="${1:-${QDROUTERD_CONF:-${MAESTRO_OPTION_ROUTER_CONF:-}}}"
  [ -n "$conf" ] || die "no router: give its configuration file as an argument, or set QDROUTERD_CONF or the agent option router.conf"
  [ -f "$conf" ] || die "'$conf' is not a router configuration file (no such file)"
  echo "$(cd -- "$(dirname -- "$conf")" && pwd -P)/$(basename -- "$conf")"
}

# The program that starts a router.
router_binary() {
  local bin="${QDROUTERD:-${MAESTRO_OPTION_ROUTER_BINARY:-}}" kind command named
  kind=$(chosen_kind)
  if [ -z "$bin" ] && [ -n "$kind" ]; then
    command=$(kind_command "$kind") || exit 1
    bin=$(command -v "$command" || true)
    [ -n "$bin" ] || die "no $(kind_product "$kind") program: set QDROUTERD or the agent option router.binary, or put $command on PATH"
  elif [ -z "$bin" ]; then
    bin=$(command -v qdrouterd || command -v skrouterd || true)
  fi
  [ -n "$bin" ] && [ -x "$bin" ] || die "no router program: set QDROUTERD or the agent option router.binary, or put qdrouterd or skrouterd on PATH"
  named=$(kind_of_program "$bin")
  if [ -n "$kind" ] && [ -n "$named" ] && [ "$named" != "$kind" ]; then
    die "$bin is a $(kind_product "$named") program, where the router kind chosen is $kind: set QDROUTERD or router.binary to a $(kind_command "$kind")"
  fi
  echo "$bin"
}

# The file the router logs to (outputFile of CONF's first log section), or "" when it logs to its standard output.
router_log_file() {
  awk '
    /^[[:space:]]*log[[:space:]]*\{/ { inside = 1; next }
    inside && /^[[:space:]]*\}/ { inside = 0; next }
    inside && /^[[:space:]]*outputFile[[:space:]]*:/ { v = $0; sub(/^[^:]*:/, "", v); gsub(/[[:space:]]/, "", v); print v; exit }
  ' "$1"
}

# The router's log file of CONF with its path (relative to CONF's directory when relative), or "".
router_log_path() {
  local conf=$1 file
  file=$(router_log_file "$conf")
  case $file in
    "" | /*) echo "$file" ;;
    *) echo "$(dirname -- "$conf")/$file" ;;
  esac
}

# The size of FILE in bytes, 0 when there is none: where what a router writes next begins.
file_size() { stat -c %s -- "$1" 2>/dev/null || echo 0; }

# router_words OUT OUT_SIZE LOG LOG_SIZE: what the router wrote to its output OUT and its log LOG since they had those
# sizes (its start), its last 10 lines: a router that cannot start says why on its output (e.g. a configuration it
# cannot load) or in its log (e.g. a listener that cannot bind).
router_words() {
  local out=$1 out_size=$2 logfile=$3 log_size=$4
  { tail -c +"$((out_size + 1))" -- "$out"; [ -z "$logfile" ] || tail -c +"$((log_size + 1))" -- "$logfile"; } 2>/dev/null \
    | grep -v '^[[:space:]]*$' | tail -n 10 || true
}

# router_gone_why CONF WHAT LISTENER OUT OUT_SIZE LOG LOG_SIZE: logs the router's last words, then dies saying why it
# is not back with the router's last error (its own timestamp cut, CONF named by its file name, which WHAT gives in
# full): the reason the agent reports is the start of that line.
router_gone_why() {
  local conf=$1 what=$2 listener=$3 out=$4 out_size=$5 logfile=$6 log_size=$7 words why
  words=$(router_words "$out" "$out_size" "$logfile" "$log_size")
  log "the last words of $what ($out${logfile:+, $logfile}):"
  printf '%s\n' "${words:-(none)}"
  why=$(printf '%s\n' "$words" | grep -i -E 'critical|error|fail' | tail -n 1 || true)
  [ -n "$why" ] || why=$(printf '%s\n' "$words" | tail -n 1)
  why=$(printf '%s' "$why" | sed -E 's/^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+ [+-][0-9]{4} //')
  why=${why//"$conf"/$(basename -- "$conf")}
  die "$what is not back (exited while starting; $listener never accepted): ${why:-it said nothing}"
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
  local conf=$1 signal=${2:-TERM} pids listener what
  listener=$(router_client_listener "$conf")
  pids=$(router_pids "$conf")
  [ -n "$pids" ] || die "no $(router_what "$conf") runs: nothing to stop"
  what=$(router_what "$conf" "${pids%%[[:space:]]*}")
  log "stopping $what, pid $(echo $pids), with SIG$signal"
  # shellcheck disable=SC2086 # pids are digits read from /proc
  stop_pids router "$ROUTER_STOP_TIMEOUT" "$signal" 0.05 $pids
  if [ -n "$listener" ]; then
    # shellcheck disable=SC2086 # "host port"
    ! accepts $listener || die "$what stopped, but its client port $listener still accepts connections (another process listens there?): the router is not down"
  fi
  log "$what stopped; $listener refuses connections"
}

# router_start CONF [PROGRAM]: starts the router (with PROGRAM, else router_binary's) detached (a session of its own, so the agent's stop of this handler spares
# it; output appended to <CONF's name>.out beside CONF, e.g. qdrouterd.out), then waits until its client port accepts
# connections. Fails, with the router's last words, if it exits first or does not listen within ROUTER_START_TIMEOUT s.
router_start() {
  local conf=$1 bin=${2:-} dir out pid deadline listener what logfile out_size log_size
  what=$(router_what "$conf")
  [ -z "$(router_pids "$conf")" ] || die "$what already runs (pid $(echo $(router_pids "$conf")))"
  [ -n "$bin" ] || bin=$(router_binary) # an assignment: set -e ends the handler when there is none
  listener=$(router_client_listener "$conf")
  [ -n "$listener" ] || die "$conf has no listener with role normal: nothing to tell that the router is back"
  dir=$(dirname -- "$conf")
  out="$dir/$(basename -- "$conf" .conf).out"
  logfile=$(router_log_path "$conf")
  out_size=$(file_size "$out")
  log_size=$(file_size "$logfile")
  log "starting $what with $bin (its output goes to $out)"
  (
    cd -- "$dir"
    exec setsid nohup "$bin" -c "$conf" >> "$out" 2>&1 < /dev/null
  ) &
  pid=$!
  what=$(router_what "$conf" "" "$bin")
  deadline=$((SECONDS + ROUTER_START_TIMEOUT))
  # shellcheck disable=SC2086 # "host port"
  until accepts $listener; do
    if ! kill -0 "$pid" 2>/dev/null; then
      router_gone_why "$conf" "$what" "$listener" "$out" "$out_size" "$logfile" "$log_size"
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "the last words of $what ($out${logfile:+, $logfile}):"
      router_words "$out" "$out_size" "$logfile" "$log_size"
      die "$what is not back ($listener refused connections for ${ROUTER_START_TIMEOUT} s; pid $pid still runs)"
    fi
    sleep 0.05
  done
  log "$what started (pid $pid), $listener accepts connections"
}

# router_check CONF: fails unless a router runs CONF and its client port accepts connections; changes nothing.
router_check() {
  local conf=$1 pids listener what
  pids=$(router_pids "$conf")
  [ -n "$pids" ] || die "no $(router_what "$conf") runs"
  what=$(router_what "$conf" "${pids%%[[:space:]]*}")
  listener=$(router_client_listener "$conf")
  [ -n "$listener" ] || die "$conf has no listener with role normal: nothing to tell that the router is up"
  # shellcheck disable=SC2086 # "host port"
  accepts $listener || die "$what runs (pid $(echo $pids)) but its client port $listener refuses connections"
  log "$what up (pid $(echo $pids)), $listener accepts connections"
}
