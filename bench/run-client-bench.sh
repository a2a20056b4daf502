#!/usr/bin/env bash
# Runs one of maestro-client's surefire-named bench classes (CLASS, e.g. WarmupScheduleBench: never a default test)
# through the reactor, which builds what maestro-client needs (the standalone Artemis comes with its test set-up),
# with these -D options, and prints the lines the bench printed with "NAME: " (without it); on failure, where the log is.
# Usage: bench/run-client-bench.sh NAME CLASS [-Dmaestro.bench.x=y ...]   (called by the bench scripts)
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1
class=$2
shift 2
bin/install-test-deps   # mosquitto (the control broker), prometheus
log=$(mktemp)
if ! nice -n 10 mvn -B -pl maestro-client -am test -Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false "$@" >"$log" 2>&1; then
  # grep finds nothing in some failures (a build error before any test): that must not end the script unheard (set -e).
  grep -E "$name: |FAIL|ERROR\]" "$log" | head -40 || true
  echo "$name: the bench failed; the whole output is in $log" >&2
  exit 1
fi
# A bench that passed but printed nothing (no "NAME: " line: a wrong CLASS or NAME, or every case skipped) is no result.
if ! grep -q "$name: " "$log"; then
  echo "$name: the bench printed no '$name: ' line (is $class the bench, and $name its prefix?); the whole output is in $log" >&2
  exit 1
fi
grep "$name: " "$log" | sed "s/^$name: //"
rm -f "$log"
