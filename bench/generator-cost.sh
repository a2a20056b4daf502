#!/usr/bin/env bash
# What the load generator costs beside a bare qpid-jms loop, side by side in one run: CPU seconds per message (user +
# system of the sender and receiver processes, /proc/PID/stat) over a whole test and marginal (a 2,000-message test's
# cost subtracted), and end-to-end throughput, for a Maestro sender + receiver (two maestro-worker JVMs) and a bare
# qpid-jms sender + receiver (two JVMs, BareJmsLoop): 1 KiB, flat out, 1 + 1 connections, 1000 in flight, one standalone
# Artemis; the JVMs live through all rounds (measured warm, after three unmeasured tests each, whose figures are printed),
# rounds alternate; medians and the median per-round ratio.
# The bare loop runs each round twice: on the connections it keeps across runs (the goals' baseline) and on connections
# opened for the run, as a Maestro test opens its own (what a test's own connections cost, beside the generator's work).
# Goals: CPU per message ratio <= 1.10, throughput ratio >= 0.95 (against the bare loop on kept connections).
# Usage: bench/generator-cost.sh [MESSAGES] [ROUNDS] [JFR_DIR]   (default 200000 5; JFR_DIR: a flight recording per JVM)
set -euo pipefail
exec "$(dirname "$0")/run-worker-bench.sh" GeneratorCostBench "${1:-200000}" "${2:-5}" ${3:+"$3"}
