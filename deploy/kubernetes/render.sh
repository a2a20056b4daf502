#!/usr/bin/env bash
# Renders the plain manifests (maestro.yaml, for a cluster without Helm) from the chart with its default values:
#   deploy/kubernetes/render.sh [OUTPUT]      (default: maestro.yaml beside this script; HELM: the helm to use)
# maestro-dist's HelmChartTest renders again and fails when the committed file differs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/maestro.yaml}
helm=${HELM:-$(command -v helm || echo "$HOME/.cache/maestro/tools/bin/helm")}
{
  echo "# Rendered by deploy/kubernetes/render.sh from deploy/helm/maestro with its default values; do not edit, edit the"
  echo "# chart's values.yaml (documented there) and render again. Apply: kubectl create namespace maestro &&"
  echo "# kubectl -n maestro apply -f deploy/kubernetes/maestro.yaml"
  "$helm" template maestro "$here/../helm/maestro" --namespace maestro
} > "$out.tmp"
mv "$out.tmp" "$out"
