#!/usr/bin/env bash
# A measured period that starts on schedule (issue 15), side by side in one run: a fixed warm-up against one that
# waits for the senders' schedule (warmupSendDelay 100ms), at half the flat-out rate (measured first, with cold
# worker processes, unless given), 2 connections, 30 s, 5 s warm-up, a fresh sender and receiver process per run,
# alternating rounds; prints each run's p99 send delay over the measured period and from 15 s on, its warm-up,
# and the medians with their ratio. Takes about 7 minutes with 3 rounds.
# Usage: bench/warmup-schedule.sh [RATE] [ROUNDS] [SECONDS]   (RATE 0 = measure flat out first; default 0 3 30)
#
# Cold JVMs and the warm-up ramp (issue 37): how long a cold worker JVM (against the standalone Artemis) and a cold
# `maestro run --local` JVM need before they keep 25, 50 and 75 % of their flat-out rate without a ramp, and whether
# the default ramp gets them there within its warm-up; the README's warm-up section quotes its table. About 10 minutes
# a round with the defaults.
# Usage: bench/warmup-schedule.sh cold [ROUNDS] [SHARES] [SETUPS] [RATES]   (default 3 25,50,75 worker,local; RATES in
# msg/s, e.g. 2500,10000, instead of shares of a flat-out run measured first)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = cold ]; then
  bench/run-client-bench.sh cold-start ColdStartBench \
      -Dmaestro.bench.rounds="${2:-3}" -Dmaestro.bench.shares="${3:-25,50,75}" -Dmaestro.bench.setups="${4:-worker,local}" \
      -Dmaestro.bench.rates="${5:-}"
  exit
fi
bench/run-client-bench.sh warmup-schedule WarmupScheduleBench \
    -Dmaestro.bench.rate="${1:-0}" -Dmaestro.bench.rounds="${2:-3}" -Dmaestro.bench.seconds="${3:-30}"
