#!/usr/bin/env bash
# Runs one of maestro-client's bench classes (a test class surefire runs only when named, e.g. WarmupScheduleBench)
# with its system properties, and prints the lines it printed after PREFIX, without the prefix; on failure, those
# lines and the errors, and where the whole output is.
# Usage: bench/run-client-bench.sh CLASS PREFIX [-Dname=value...]   (called by the bench scripts)
set -euo pipefail
cd "$(dirname "$0")/.."
class=$1
prefix=$2
shift 2
bin/install-test-deps   # mosquitto, the control broker
log=$(mktemp)
# The reactor builds what maestro-client needs (the standalone Artemis comes with its test set-up); only the bench runs.
if ! nice -n 10 mvn -B -pl maestro-client -am test -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false "$@" >"$log" 2>&1; then
  grep -E "$prefix|FAIL|ERROR\]" "$log" | head -40
  echo "$prefix the bench failed; the whole output is in $log" >&2
  exit 1
fi
grep "$prefix" "$log" | sed "s/^$prefix//"
rm -f "$log"
