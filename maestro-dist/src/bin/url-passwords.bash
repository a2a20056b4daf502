# Sourced by bin/maestro (the distribution's and the source tree's); only bash builtins, as the launcher.
#
# A password typed into a URL option would stay on the JVM's command line, which ps shows to every user of the host.
# An option that takes a URL -- --broker, --url or any --NAME-url -- given as "--OPTION URL" or "--OPTION=URL" with a
# password in the URL (scheme://user:password@host...) is passed on without the password; the password, decoded as
# the JVM decodes a URL's user info, goes to the JVM in the environment, under a name made by one rule:
# MAESTRO_<OPTION>_PASSWORD (--broker: MAESTRO_BROKER_PASSWORD, --url: MAESTRO_URL_PASSWORD), where the client
# takes it back (BrokerOption, UrlPasswords).

# Sets url_password_variable to the variable that carries the password of option $1.
url_password_variable_of() {
  local name="${1#--}"
  name="${name//-/_}"
  url_password_variable="MAESTRO_${name^^}_PASSWORD"
}

# Sets launch_args to the arguments given, each URL option's password moved into the environment, saying so on stderr.
move_url_passwords() {
  launch_args=()
  local arg
  while (($# > 0)); do
    arg="$1"
    shift
    case "$arg" in
      --)   # the end of the options: what follows is not one
        launch_args+=(-- "$@")
        return 0 ;;
      --broker=* | --url=* | --*-url=*)
        without_url_password "${arg%%=*}" "${arg#*=}"
        launch_args+=("${arg%%=*}=$url_without_password") ;;
      --broker | --url | --*-url)
        launch_args+=("$arg")
        if (($# > 0)); then
          without_url_password "$arg" "$1"
          launch_args+=("$url_without_password")
          shift
        fi ;;
      *) launch_args+=("$arg") ;;
    esac
  done
}

# Sets url_without_password to URL $2 of option $1 without its password, exporting the password; exits 2 when the
# password cannot be moved (given twice, or not percent-encoded), as the client would have refused the URL.
without_url_password() {
  local option="$1" url="$2"
  url_without_password="$url"
  local form='^([A-Za-z][-A-Za-z0-9+.]*://)([^:/?#@]*):([^/?#@]*)@(.*)$'
  [[ $url =~ $form ]] && [ -n "${BASH_REMATCH[3]}" ] || return 0
  local head="${BASH_REMATCH[1]}" user="${BASH_REMATCH[2]}" encoded="${BASH_REMATCH[3]}" rest="${BASH_REMATCH[4]}"
  url_password_variable_of "$option"
  local variable="$url_password_variable"
  local legal='^([-A-Za-z0-9._~!$&'\''()*+,;=:]|%[0-9A-Fa-f][0-9A-Fa-f])*$'
  if ! [[ $encoded =~ $legal ]]; then
    echo "maestro: $option: the password in its URL holds a character a URL cannot hold as it is: percent-encode it" \
      "(e.g. %40 for @, %25 for %, %20 for a space)" >&2
    exit 2
  fi
  if [ -n "${!variable:-}" ]; then
    echo "maestro: the password of $option is given twice, in its URL and by $variable: give it once" >&2
    exit 2
  fi
  local password="${encoded//+/ }"
  printf -v password '%b' "${password//[%]/\\x}"
  export "$variable=$password"
  url_without_password="$head$user@$rest"
  local instead="$variable"
  [ "$option" != --broker ] || instead="--broker-password-file FILE (mode 0600) or $variable"
  echo "maestro: warning: $option holds a password, which your shell's history keeps; it goes to Java in $variable," \
    "off the command line every user of this host can read in ps; give it in $instead instead" >&2
}
