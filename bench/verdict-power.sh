#!/usr/bin/env bash
# The nightly verdicts' own error, measured: how often the one-run verdict (`maestro compare`'s rule, as `--baseline
# runs` applies it: each night against up to 10 nights before it) and the history's change points (`maestro history`:
# E-divisive means, Otava's variant, p 0.001) call an unchanged system changed, and how soon they see a real change.
#
# It replays identical demo runs (compare-noise.sh's: made here, or a directory of kept runs given) as 30-night
# histories, each night a run drawn at random (with replacement; the seed is printed) from the identical runs, and
# the same histories with a shift injected from a chosen night on: receive and send rate -2/-5/-10 %, response time
# p99 +10/+25/+50 %, and drifts of 0.5 % a night (rates down, p99 up). Injecting a shift = multiplying what the judge
# reads of each shifted run by the same factor: the metric's figure in summary.json (what the comparison compares and
# the history's series holds) and its values on the run's slices (whose spread is the run's noise, RunFigures#noise:
# the standard deviation scales by the factor). The one-run verdict and the change points are the real code
# (Comparison's per-metric changes judged by FalseAlarmRule.FAMILY_WISE, DetectableChange; ChangePoints over the
# HistoryScan series of each headline metric), in one JVM, on figures read once per run
# (maestro-reports' test class org.maestro.reports.compare.VerdictPowerBench, beside CompareNoiseBench).
#
# It prints, per scenario: false alarms per night (identical histories: share of nights whose one-run verdict calls
# anything worse; share of nights on which a new change point appears in any headline metric's history up to that
# night), the detection rate within 3 nights of the shift and the median nights from the shift to its detection, for
# both, the share of nights the one-run verdict answers inconclusive (before the shift and from it on: what
# --repeat-inconclusive would run again for); and each headline metric's smallest detectable change at 10 baselines
# (why a small shift is missed).
#
# usage: bench/verdict-power.sh [RUNS_DIR]                 reuse the identical runs in RUNS_DIR (e.g. DIR/same of
#                                                          compare-noise.sh), no new runs
#        bench/verdict-power.sh [RUNS [SECONDS [RATE]]]    make RUNS identical demo runs (default 10 x 5 s at 200 msg/s,
#                                                          about 20 s a run on 2 cores) into VERDICT_POWER_DIR (default a
#                                                          new /tmp/maestro-verdict-power-*, kept; runs already there reused)
#   HISTORIES=N histories per scenario (default 200), SEED=S (default 1), STEP_NIGHT=K the night the step begins
#   (default 15 of 30), ONLY_PASSED=1 replays only the runs that passed their own criteria (as `--baseline runs` takes
#   only those as baselines; a run that failed them fails the nightly anyway). Runtime: the runs, then the build
#   (about 40 s) and the replay (about a minute on a busy 2-core host at the defaults; it grows with HISTORIES).
set -euo pipefail
cd "$(dirname "$0")/.."
given=""
if [ $# -ge 1 ] && [ -d "$1" ]; then
    given=$1
    shift
fi
runs_n=${1:-10}
seconds=${2:-5}
rate=${3:-200}
for n in "$runs_n" "$seconds" "$rate"; do
    if ! [[ $n =~ ^[1-9][0-9]*$ ]]; then
        echo "verdict-power.sh: '$n' is neither a directory of runs nor a positive whole number (RUNS SECONDS RATE)" >&2
        exit 2
    fi
done
if [ -n "$given" ]; then
    dir=$given
elif [ -n "${VERDICT_POWER_DIR:-}" ]; then
    dir=$VERDICT_POWER_DIR
    mkdir -p "$dir"
else
    dir=$(mktemp -d /tmp/maestro-verdict-power-XXXXXX)
fi

# Built in the reactor, never installed, as compare-noise.sh does (see there why).
if ! build_log=$(mvn -B -q -o -Dstyle.color=never -pl maestro-client -am test-compile -Dmdep.skip=true -DskipITs 2>&1); then
    echo "$build_log" >&2
    echo "verdict-power.sh: the build failed (output above)" >&2
    exit 1
fi
cp_file=$(mktemp /tmp/maestro-verdict-power-cp-XXXXXX)
trap 'rm -f "$cp_file"' EXIT
if ! cp_log=$(mvn -B -q -o -Dstyle.color=never -pl maestro-client dependency:build-classpath -Dmdep.includeScope=runtime \
        -Dmdep.outputFile="$cp_file" 2>&1); then
    echo "$cp_log" >&2
    echo "verdict-power.sh: cannot compute the class path of maestro-client (output above)" >&2
    exit 1
fi
classes=""
for m in maestro-reports maestro-results maestro-client maestro-worker maestro-inspector maestro-agent maestro-common; do
    classes="$classes:$m/target/classes"
done
cp="maestro-reports/target/test-classes$classes:$(cat "$cp_file")"
java_maestro() {
    java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dorg.slf4j.simpleLogger.log.org.maestro=warn -cp "$cp" "$@"
}
count() { find "$1" -mindepth 1 -maxdepth 1 -type d -name '*-demo' 2>/dev/null | wc -l; }

if [ -z "$given" ]; then
    start=$(date +%s)
    echo "identical runs: $runs_n x ${seconds}s at $rate msg/s, ~1 KiB, in $dir; host load: $(cut -d' ' -f1-3 /proc/loadavg)"
    for ((i = $(count "$dir"); i < runs_n; i++)); do
        java_maestro org.maestro.client.cli.MaestroMain demo --runs "$dir" -P duration="${seconds}s" -P rate="$rate" \
            >>"$dir.log" 2>&1 || echo "  (exit $? : see $dir.log)"
        echo "  run $((i + 1)) done at +$(($(date +%s) - start)) s"
    done
    echo "runs made in $(($(date +%s) - start)) s (host load: $(cut -d' ' -f1-3 /proc/loadavg))"
fi
java_maestro org.maestro.reports.compare.VerdictPowerBench "$dir" "${HISTORIES:-200}" "${SEED:-1}" "${STEP_NIGHT:-15}" \
    ${ONLY_PASSED:+passed}
[ -n "$given" ] || echo "runs kept in $dir: bench/verdict-power.sh $dir replays them again without new runs"
