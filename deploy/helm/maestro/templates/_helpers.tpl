{{/* The release's name prefix of every object: the release name, or release-chart when it does not say maestro. */}}
{{- define "maestro.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels every object carries. */}}
{{- define "maestro.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The labels that select one component's pods; call with (list $ "component"). */}}
{{- define "maestro.selector" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ $root.Chart.Name }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "maestro.image" -}}
{{ printf "%s:%s" .Values.image.repository .Values.image.tag }}
{{- end -}}

{{- define "maestro.brokerSecret" -}}
{{ .Values.broker.existingSecret | default (printf "%s-broker" (include "maestro.fullname" .)) }}
{{- end -}}

{{- define "maestro.sutSecret" -}}
{{ .Values.sut.existingSecret | default (printf "%s-sut" (include "maestro.fullname" .)) }}
{{- end -}}

{{/*
The environment every Maestro process takes the control broker from: the URL names the user, the password comes
from the Secret (BrokerOption fills it in), so no command line carries it.
*/}}
{{- define "maestro.brokerEnv" -}}
- name: MAESTRO_BROKER
  value: {{ printf "mqtt://%s@%s-broker:1883" .Values.broker.user (include "maestro.fullname" .) | quote }}
- name: MAESTRO_BROKER_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "maestro.brokerSecret" . }}
      key: password
{{- end -}}

{{/*
A peer container; call with (dict "root" $ "name" "sender" "args" (list ...) "count" 1 "javaOpts" "..." "resources" {...}).
Its name is the pod's (unique); with --count N its peers are NAME-1..NAME-N on dataPort..dataPort+N-1. Ready once
the first data server listens.
*/}}
{{- define "maestro.peerContainer" -}}
{{- $root := .root -}}
- name: {{ .name }}
  image: {{ include "maestro.image" $root }}
  imagePullPolicy: {{ $root.Values.image.pullPolicy }}
  args:
{{ toYaml .args | indent 4 }}
    - --data-port
    - {{ $root.Values.dataPort | quote }}
  env:
{{ include "maestro.brokerEnv" $root | indent 4 }}
    - name: MAESTRO_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    - name: MAESTRO_OPTS
      value: {{ .javaOpts | quote }}
  ports:
{{- range $i := until (int .count) }}
    - name: metrics-{{ add1 $i }}
      containerPort: {{ add $root.Values.dataPort $i }}
{{- end }}
  readinessProbe:
    tcpSocket:
      port: {{ $root.Values.dataPort }}
    periodSeconds: 5
  resources:
{{ toYaml .resources | indent 4 }}
{{- end -}}

{{/* Pod annotations for a Prometheus that scrapes by annotation (metrics.podAnnotations): the pod's first peer. */}}
{{- define "maestro.scrapeAnnotations" -}}
{{- if .Values.metrics.podAnnotations -}}
annotations:
  prometheus.io/scrape: "true"
  prometheus.io/port: {{ .Values.dataPort | quote }}
  prometheus.io/path: /metrics
{{- end -}}
{{- end -}}

{{/* A headless Service naming a peer component's metrics ports, for the ServiceMonitor; (list $ "component" count). */}}
{{- define "maestro.metricsService" -}}
{{- $root := index . 0 -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "maestro.fullname" $root }}-{{ index . 1 }}-metrics
  labels:
{{ include "maestro.labels" $root | indent 4 }}
    app.kubernetes.io/component: {{ index . 1 }}
    maestro.io/metrics: "true"
spec:
  clusterIP: None
  selector:
{{ include "maestro.selector" (list $root (index . 1)) | indent 4 }}
  ports:
{{- range $i := until (int (index . 2)) }}
    - name: metrics-{{ add1 $i }}
      port: {{ add $root.Values.dataPort $i }}
{{- end }}
{{- end -}}
