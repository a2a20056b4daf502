#!/usr/bin/env bash
# Report cost for a big run: writes a synthetic run directory of MESSAGES messages (one sender and one
# receiver at 100,000 msg/s, real rate-log and HDR-log writers), then times report.html and prints the
# peak heap. The JVM gets -Xmx256m (REPORT_BENCH_XMX=32m to try less): the report reads streaming, so the bound
# holds whatever the size.
#
# usage: bench/report-size.sh [MESSAGES [DIR]]   (default 10,000,000 messages, in a temp DIR removed afterwards)
set -euo pipefail
cd "$(dirname "$0")/.."

# Compile maestro-reports with its reactor dependency and its test sources (the benchmark main lives there).
# mdep.skip: the benchmark does not need the Artemis distribution that maestro-common's tests unpack.
if ! build_log=$(mvn -B -q -Dstyle.color=never -pl maestro-reports -am test-compile -Dmdep.skip=true 2>&1); then
    echo "$build_log" >&2
    echo "report-size.sh: the build of maestro-reports failed (output above)" >&2
    exit 1
fi
cp_file=$(mktemp)
messages=${1:-10000000}
if [ $# -ge 2 ]; then
    out_dir=$2
    trap 'rm -f "$cp_file"' EXIT
else
    out_dir=$(mktemp -d /tmp/maestro-report-bench-XXXXXX)
    trap 'rm -f "$cp_file"; rm -rf "$out_dir"' EXIT
fi
if ! cp_log=$(mvn -B -q -Dstyle.color=never -pl maestro-reports dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$cp_file" 2>&1); then
    echo "$cp_log" >&2
    echo "report-size.sh: cannot compute the class path of maestro-reports (output above)" >&2
    exit 1
fi
# The reactor's own classes first, so a maestro-common jar left in ~/.m2 by another build cannot shadow them.
java -Xmx"${REPORT_BENCH_XMX:-256m}" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "maestro-reports/target/test-classes:maestro-reports/target/classes:maestro-results/target/classes:maestro-common/target/classes:$(cat "$cp_file")" \
    org.maestro.reports.page.ReportSizeBench "$messages" "$out_dir"
