#!/usr/bin/env bash
# JMH micro-benchmarks of the per-message path (module maestro-bench, built only in the bench profile): a sender
# connection's stamp and bookkeeping, a receiver connection's stamp read + sequence account + HDR records + rate-log
# record, their parts alone, and the note codec on a PROGRESS note. Throughput and sample-time modes, with -prof gc;
# prints ns per operation (1 / throughput), the sampled p50 / p99 and the bytes allocated per operation.
# On a shared, busy host the errors are wide: compare figures of one run, and run it again before believing 10 %.
# Usage: bench/jmh.sh [JMH OPTIONS...]   (e.g. bench/jmh.sh 'PerMessage.*receiver' -f 2)
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file=$(mktemp)
json=$(mktemp --suffix=.json)
trap 'rm -f "$cp_file" "$json"' EXIT
mvn -q -B -P bench -pl maestro-bench -am compile dependency:build-classpath -Dmdep.outputFile="$cp_file"
java -cp "maestro-bench/target/classes:$(cat "$cp_file")" org.openjdk.jmh.Main -prof gc -rf json -rff "$json" "$@" >&2
python3 - "$json" <<'PY'
import json, sys
rows = {}
for r in json.load(open(sys.argv[1])):
    name = r["benchmark"].rsplit(".", 2)[-2] + "." + r["benchmark"].rsplit(".", 1)[-1]
    row = rows.setdefault(name, {})
    pm = r["primaryMetric"]
    if r["mode"] == "thrpt":  # ops/us
        row["ns"] = 1000.0 / pm["score"]
        row["err"] = 1000.0 / pm["score"] * pm["scoreError"] / pm["score"] if pm["scoreError"] == pm["scoreError"] else float("nan")
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
        row["alloc"] = alloc["score"] if alloc else float("nan")
    elif r["mode"] == "avgt":  # us/op: a benchmark of a whole second's work
        row["ns"] = pm["score"] * 1000
        row["err"] = pm["scoreError"] * 1000
        alloc = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
        row["alloc"] = alloc["score"] if alloc else float("nan")
    elif r["mode"] == "sample":  # us/op
        row["p50"] = pm["scorePercentiles"]["50.0"] * 1000
        row["p99"] = pm["scorePercentiles"]["99.0"] * 1000
print(f"{'benchmark':52} {'ns/op':>9} {'± ns':>7} {'p50 ns':>8} {'p99 ns':>8} {'B/op':>8}")
for name, row in rows.items():
    print(f"{name:52} {row.get('ns', float('nan')):9.1f} {row.get('err', float('nan')):7.1f} {row.get('p50', float('nan')):8.0f}"
          f" {row.get('p99', float('nan')):8.0f} {row.get('alloc', float('nan')):8.1f}")
PY
