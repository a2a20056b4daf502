#!/usr/bin/env bash
# How often does `maestro compare` cry wolf, and does it still see a real change? Runs the demo (embedded broker,
# SUT and peers) RUNS times with the same settings, then one run with 64 KiB messages instead of ~1 KiB and one at
# 80 % of the rate. Then, in one JVM reading each run once per comparison, it judges every comparison over the
# same figures by three rules: each metric alone at a 0.5 % false-alarm rate (the first rule); Holm's step-down over
# all the metrics judged (at most 1 % false alarms per comparison) with one run's slices as the only noise of too few
# baselines; and the rule maestro applies now, the same with the run-to-run spread measured on identical runs
# (Metric.RUN_TO_RUN_*). It prints, side by side, the share of comparisons of identical runs with any "worse" verdict:
#   - one baseline: every ordered pair of identical runs;
#   - nightly: each run against the runs before it (up to 10, as `--baseline DIR` picks, whatever their verdict);
#   - leave one out: each run against all the other runs (the steady state, many baselines);
# which metrics cry wolf with one baseline; each metric's spread between the identical runs (sd of ln(figure)), from
# which Metric.RUN_TO_RUN_* were taken; and the verdicts of the two real changes against all the identical runs, with
# every metric's change and threshold. Both real changes differ in their load (message size, rate) from every identical
# run: their overall verdict is "not comparable", which fails a nightly whatever their metrics say (the 64 KiB run's
# metrics alone read "same" at 1000 msg/s on loopback); the metrics called worse are listed beside it.
#
# usage: bench/compare-noise.sh [RUNS [SECONDS [RATE]]]   (default 10 runs of 10 s at 1000 msg/s; about 30 s per run
#   on 2 cores of its own). On a host shared with other work, take a RATE the generator sustains (e.g. 200): a starved
#   sender measures the host, and every run then differs by how busy the host was.
#   COMPARE_NOISE_DIR=DIR puts the runs in DIR (default: a new directory /tmp/maestro-compare-noise-*, kept and named
#   at the end); runs already there are reused, so the comparisons can be repeated over the same runs with new code,
#   without new runs (a quiet host's runs are worth keeping: a busy host's are not identical).
set -euo pipefail
cd "$(dirname "$0")/.."
runs_n=${1:-10}
seconds=${2:-10}
rate=${3:-1000}
if [ -n "${COMPARE_NOISE_DIR:-}" ]; then
    dir=$COMPARE_NOISE_DIR
    mkdir -p "$dir"
else
    dir=$(mktemp -d /tmp/maestro-compare-noise-XXXXXX)
fi

# Built in the reactor, never installed (bin/maestro would `mvn install` into the shared ~/.m2): the reactor's own
# classes come first on the class path, so a jar of another build in ~/.m2 cannot shadow them. mdep.skip: the bench
# does not need the Artemis distribution that maestro-common's tests unpack.
if ! build_log=$(mvn -B -q -o -Dstyle.color=never -pl maestro-client -am test-compile -Dmdep.skip=true -DskipITs 2>&1); then
    echo "$build_log" >&2
    echo "compare-noise.sh: the build failed (output above)" >&2
    exit 1
fi
cp_file="$dir/classpath.txt"
if ! cp_log=$(mvn -B -q -o -Dstyle.color=never -pl maestro-client dependency:build-classpath -Dmdep.includeScope=runtime \
        -Dmdep.outputFile="$cp_file" 2>&1); then
    echo "$cp_log" >&2
    echo "compare-noise.sh: cannot compute the class path of maestro-client (output above)" >&2
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

# RUNS_DIR [-P ...]: one demo run into RUNS_DIR (its console output beside it); a failed run is still a run.
demo_into() {
    local runs=$1
    shift
    mkdir -p "$runs"
    java_maestro org.maestro.client.cli.MaestroMain demo --runs "$runs" -P duration="${seconds}s" -P rate="$rate" "$@" \
        >>"$runs.log" 2>&1 || echo "  (exit $? : see $runs.log)"
}
count() { find "$1" -mindepth 1 -maxdepth 1 -type d -name '*-demo' 2>/dev/null | wc -l; }

start=$(date +%s)
echo "identical runs: $runs_n x ${seconds}s at $rate msg/s, ~1 KiB, in $dir; host load: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = $(count "$dir/same"); i < runs_n; i++)); do
    demo_into "$dir/same"
    echo "  run $((i + 1)) done at +$(($(date +%s) - start)) s"
done
[ "$(count "$dir/bigger")" -ge 1 ] || demo_into "$dir/bigger" -P size=65536
[ "$(count "$dir/slower")" -ge 1 ] || demo_into "$dir/slower" -P rate=$((rate * 8 / 10))
echo "runs made in $(($(date +%s) - start)) s (host load: $(cut -d' ' -f1-3 /proc/loadavg)); comparing"
java_maestro org.maestro.reports.compare.CompareNoiseBench "$dir/same" "$dir/bigger" "$dir/slower"
echo "runs kept in $dir: COMPARE_NOISE_DIR=$dir bench/compare-noise.sh judges them again without new runs"
