#!/usr/bin/env bash
# How often does `maestro compare` cry wolf, and does it see a real change? Runs the demo (embedded broker,
# SUT and peers) RUNS times with the same settings, then compares:
#   - each later run with the first alone (one baseline: threshold from the spread within the two runs), and
#   - each later run with all the runs before it (as maestro's --baseline DIR does with up to 10);
# then one run with 64 KiB messages instead of 1 KiB, and one at 80 % of the rate, against all the identical runs.
# Prints each comparison's verdict and the metrics it called worse, then the count of false regressions.
#
# usage: bench/compare-noise.sh [RUNS [SECONDS]]   (default 6 runs of 10 s)
set -euo pipefail
cd "$(dirname "$0")/.."
runs_n=${1:-6}
seconds=${2:-10}
dir=$(mktemp -d /tmp/maestro-compare-noise-XXXXXX)
trap 'rm -rf "$dir"' EXIT

bin/maestro --version >/dev/null 2>&1  # builds once, before anything is timed
demo() { bin/maestro demo --runs "$dir/runs" -P duration="${seconds}s" "$@" >"$dir/last.log" 2>&1 || true; ls -d "$dir"/runs/*-demo | tail -1; }
verdict() {  # BASELINE... RUN -> "verdict (worse metrics)"
    local out; out=$(bin/maestro compare "$@" 2>&1 || true)
    echo "$out" | grep "^compared with" | sed "s/^compared with [^:]*: //" || echo "not compared: $(echo "$out" | tail -1)"
}

echo "identical runs: $runs_n x ${seconds}s at 1000 msg/s, 1 KiB"
first=$(demo)
all=("$first")
false_single=0; false_multi=0; compared=0
for ((i = 2; i <= runs_n; i++)); do
    run=$(demo)
    single=$(verdict "$first" "$run")
    multi=$(verdict "${all[@]}" "$run")
    compared=$((compared + 1))
    [[ $single == WORSE* ]] && false_single=$((false_single + 1))
    [[ $multi == WORSE* ]] && false_multi=$((false_multi + 1))
    printf '  run %d vs first: %-60s vs %d before it: %s\n' "$i" "$single" "${#all[@]}" "$multi"
    all+=("$run")
done
baselines=("${all[@]}")
bigger=$(demo -P size=65536)
slower=$(demo -P rate=800)
echo "64 KiB messages vs the last ${#baselines[@]}: $(verdict "${baselines[@]}" "$bigger")"
echo "800 msg/s vs the last ${#baselines[@]}:       $(verdict "${baselines[@]}" "$slower")"
echo "false regressions among identical runs: one baseline $false_single of $compared, several baselines $false_multi of $compared"
