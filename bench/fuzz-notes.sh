#!/usr/bin/env bash
# Fuzzing at a larger count: NoteFuzzTest with N malformed notes (default 100000) through a real Mosquitto to a worker
# pair, an inspector and an agent (processes) and to the client's topics, beside a fixed-rate run. Prints the seed,
# the notes per second the fuzzer sent, the counts per kind and outcome, and each peer's heap after GC before and after.
# Usage: bench/fuzz-notes.sh [NOTES] [SEED]     (the same seed sends the same notes)
set -euo pipefail
cd "$(dirname "$0")/.."
bin/install-test-deps
notes="${1:-100000}"
seed_opt=()
[ -n "${2:-}" ] && seed_opt=("-Dmaestro.fuzz.seed=$2")
log=$(mktemp)
# The reactor builds what maestro-client needs; only NoteFuzzTest runs.
if ! mvn -B -pl maestro-client -am verify -Dtest=NoteFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dmaestro.fuzz.notes="$notes" "${seed_opt[@]}" >"$log" 2>&1; then
  grep -E "NoteFuzzTest|FAIL|expected" "$log" | head -40
  echo "fuzz-notes: the test failed; the whole output is in $log" >&2
  exit 1
fi
grep -E "^NoteFuzzTest|^  [A-Z_]+ +[0-9]|^  kind|^  total" "$log"
rm -f "$log"
