#!/usr/bin/env bash
# What the Grafana dashboard shows while the agent restarts the SUT (issue 16): test-scripts/fixed-rate-with-agent.groovy
# against the standalone Artemis (sender, receiver, Jolokia inspector and agent, each a process of its own), a real
# Prometheus with prometheus/prometheus.yml scraping them every second through `maestro targets`' list; then every
# query of grafana/dashboards/maestro.json and its annotations, asked over the run as Grafana would (step 1 s): a
# timeline per second, what each query returned (NO DATA said as such), the rate's dip against summary.json's
# outage. Takes about 2 minutes.
# Usage: bench/dashboard-during-restart.sh [SECONDS] [AT] [RATE]   (default 30 15s 500)
set -euo pipefail
cd "$(dirname "$0")/.."
bench/run-client-bench.sh dashboard-during-restart DashboardDuringRestartBench \
    -Dmaestro.bench.seconds="${1:-30}" -Dmaestro.bench.at="${2:-15s}" -Dmaestro.bench.rate="${3:-500}"
