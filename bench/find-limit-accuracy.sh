#!/usr/bin/env bash
# The limit search's accuracy table: test-scripts/find-limit.groovy --local against SUTs whose limit is known (an
# embedded Artemis behind the SUT URL's throttle: 2 connections x 60 msg/s = 120 msg/s, resolution 10; 2 x 200 = 400 msg/s,
# resolution 25), REPEATS times each, then once with maxRate (300) below the 400 msg/s limit: "at least 300 msg/s".
# Per run: the result (sustainable..unsustainable), the error against the known limit in resolutions, the steps, the
# time used against the cap and the host's load average before and after. About 1 minute per search (7 by default).
# Usage: bench/find-limit-accuracy.sh [REPEATS] [STEP_DURATION] [MAX_TIME]   (default 3 5s 4m)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh find-limit-accuracy FindLimitAccuracyBench \
    -Dmaestro.bench.repeats="${1:-3}" -Dmaestro.bench.stepDuration="${2:-5s}" -Dmaestro.bench.maxTime="${3:-4m}"
