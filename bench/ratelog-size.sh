#!/usr/bin/env bash
# Rate log cost, side by side in one run: bytes per message and write throughput (records/s) of the
# rate log (delta + varint + Deflate frames) against a plain binary file of two longs per message and
# against CSV text, with ratios to the rate log. Takes well under a minute.
#
# usage: bench/ratelog-size.sh [MESSAGES [DIR]]   (default 3,000,000 messages per scenario, a temp DIR)
set -euo pipefail
cd "$(dirname "$0")/.."

# Compile maestro-common and its test sources (the benchmark main lives there). mdep.skip: the
# benchmark does not need the Artemis distribution that the test build unpacks.
if ! build_log=$(mvn -B -q -Dstyle.color=never -pl maestro-common test-compile -Dmdep.skip=true 2>&1); then
    echo "$build_log" >&2
    echo "ratelog-size.sh: the build of maestro-common failed (output above)" >&2
    exit 1
fi

# The rate log classes and the benchmark use only the JDK: no dependency on the class path.
exec java -Xms1g -cp maestro-common/target/classes:maestro-common/target/test-classes \
    org.maestro.common.ratelog.RateLogBench "$@"
