{{/*
Helpers shared by every template. Most take a context dict:
  root: the chart's top-level context ($)
  name: the service's name (gateway, auth, users, ...)
  svc:  the service's settings (serviceDefaults overlaid with its block in .Values.services)
*/}}

{{/* The settings of one service: serviceDefaults overlaid with services.<name>. Usage: include ... | fromYaml */}}
{{- define "rainmakers.serviceValues" -}}
{{- $own := index .root.Values.services .name -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.serviceDefaults) (deepCopy $own)) -}}
{{- end -}}

{{/* Name of a part of the release: <release>-<name>, e.g. rainmakers-auth. */}}
{{- define "rainmakers.fullname" -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select the pods of one part (`app` is the service's name, as in k8s/). */}}
{{- define "rainmakers.selectorLabels" -}}
app: {{ .name }}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "rainmakers.labels" -}}
{{ include "rainmakers.selectorLabels" . }}
app.kubernetes.io/component: {{ .component | default "api" }}
app.kubernetes.io/part-of: rainmakers
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* <registry>/<service>:<tag>; a service block may set image.repository / image.tag. */}}
{{- define "rainmakers.image" -}}
{{- $global := .root.Values.global.image -}}
{{- $repository := dig "image" "repository" "" .svc | default (printf "%s/%s" $global.registry .name) -}}
{{- $tag := dig "image" "tag" "" .svc | default ($global.tag | default .root.Chart.AppVersion) -}}
{{- $digest := dig "image" "digest" "" .svc -}}
{{- if $digest -}}
{{- printf "%s@%s" $repository $digest -}}
{{- else -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}
{{- end -}}

{{/*
Plain settings every pod gets (the ConfigMap's data; the migration hooks get them inline, since hooks run before
the ConfigMap exists on a first install).
*/}}
{{- define "rainmakers.sharedConfig" -}}
{{- $g := .Values.global -}}
NODE_ENV: {{ $g.nodeEnv | quote }}
HOST: "0.0.0.0"
LOG_LEVEL: {{ $g.logLevel | quote }}
PUBLIC_URL: {{ $g.publicUrl | quote }}
REDIS_PREFIX: {{ $g.redisPrefix | quote }}
MAIL_FROM: {{ $g.mailFrom | quote }}
TRUST_PROXY: {{ $g.trustProxy | quote }}
S3_ENDPOINT: {{ $g.s3.endpoint | quote }}
S3_REGION: {{ $g.s3.region | quote }}
S3_BUCKET: {{ $g.s3.bucket | quote }}
S3_FORCE_PATH_STYLE: {{ $g.s3.forcePathStyle | toString | quote }}
AI_BASE_URL: {{ $g.ai.baseUrl | quote }}
{{- range $name, $own := .Values.services }}
{{- if and $own.enabled (ne $name "gateway") }}
{{ upper $name }}_SERVICE_ADDR: {{ printf "http://%s:%v" (include "rainmakers.fullname" (dict "root" $ "name" $name)) $own.port | quote }}
{{- end }}
{{- end }}
{{- range $key, $value := $g.extraEnv }}
{{ $key }}: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* One secret-backed environment variable. */}}
{{- define "rainmakers.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/*
The variables of one service's pods: its port, its database, the shared secrets it needs, its own settings.
Extra keys: inlineConfig (also the shared settings, for hooks).
*/}}
{{- define "rainmakers.env" -}}
{{- $root := .root -}}
{{- $g := $root.Values.global -}}
{{- if .inlineConfig }}
{{- range $key, $value := (include "rainmakers.sharedConfig" $root | fromYaml) }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}
- name: PORT
  value: {{ .svc.port | quote }}
{{- /* The spans' service.version and k8s.* resource attributes (kit tracing.ts): the image's tag, the downward API. */}}
- name: BUILD_VERSION
  value: {{ dig "image" "tag" "" .svc | default ($g.image.tag | default $root.Chart.AppVersion) | quote }}
- name: K8S_POD_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.name } }
- name: K8S_POD_UID
  valueFrom: { fieldRef: { fieldPath: metadata.uid } }
- name: K8S_NAMESPACE_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.namespace } }
- name: K8S_NODE_NAME
  valueFrom: { fieldRef: { fieldPath: spec.nodeName } }
{{- if and .http (ne .name "gateway") }}
- name: LIVENESS_PORT
  value: {{ $root.Values.livenessPort | quote }}
{{- end }}
{{- if and .http (eq .name "gateway") }}
- name: METRICS_PORT
  value: {{ $root.Values.metrics.gatewayPort | quote }}
{{- end }}
{{- if .healthPort }}
- name: HEALTH_PORT
  value: {{ .healthPort | quote }}
{{- end }}
{{- if .svc.database }}
{{ include "rainmakers.secretEnv" (dict "env" "DATABASE_URL" "secret" (dig "databaseSecret" "" .svc | default (replace "{service}" .name $g.postgres.existingSecret)) "key" $g.postgres.key) }}
{{- end }}
{{ include "rainmakers.secretEnv" (dict "env" "INTERNAL_TOKEN_SECRET" "secret" $g.existingSecret "key" "INTERNAL_TOKEN_SECRET") }}
{{ include "rainmakers.secretEnv" (dict "env" "INTERNAL_TOKEN_SECRET_PREVIOUS" "secret" $g.existingSecret "key" "INTERNAL_TOKEN_SECRET_PREVIOUS" "optional" true) }}
{{ include "rainmakers.secretEnv" (dict "env" "REDIS_URL" "secret" $g.redis.existingSecret "key" $g.redis.key) }}
{{- range .svc.secretEnv }}
{{ include "rainmakers.secretEnv" (dict "env" . "secret" $g.existingSecret "key" .) }}
{{- end }}
{{- range .svc.optionalSecretEnv }}
{{ include "rainmakers.secretEnv" (dict "env" . "secret" $g.existingSecret "key" . "optional" true) }}
{{- end }}
{{- if hasKey .svc "worker" }}
# With a worker Deployment the HTTP pods leave the jobs to it.
- name: RUN_WORKERS_IN_PROCESS
  value: {{ not (dig "worker" "enabled" false .svc) | toString | quote }}
{{- end }}
{{- range $key, $value := .svc.env }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/*
The pod spec of every workload (API Deployment, worker Deployment, migration Job), hardened the same way.
Extra keys: container (its name), serviceAccount (empty for hooks: they run before the chart's accounts exist),
command (list), http (ports, probes, preStop), inlineConfig, resources.
*/}}
{{- define "rainmakers.podSpec" -}}
{{- $root := .root -}}
{{- if .serviceAccount }}
serviceAccountName: {{ .serviceAccount }}
{{- end }}
automountServiceAccountToken: false
{{- with $root.Values.global.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
{{- with .svc.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .svc.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .svc.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if .http }}
{{- with .svc.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
terminationGracePeriodSeconds: 30
{{- end }}
{{- with (.svc.priorityClassName | default $root.Values.global.priorityClassName) }}
priorityClassName: {{ . }}
{{- end }}
volumes:
  - name: tmp
    emptyDir:
      sizeLimit: {{ $root.Values.tmpVolume.sizeLimit }}
  {{- with .svc.extraVolumes }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
containers:
  - name: {{ .container }}
    image: {{ include "rainmakers.image" . }}
    imagePullPolicy: {{ $root.Values.global.image.pullPolicy }}
    {{- with .command }}
    command:
      {{- toYaml . | nindent 6 }}
    {{- end }}
    {{- if .http }}
    ports:
      - name: http
        containerPort: {{ .svc.port }}
      {{- if eq .name "gateway" }}
      {{- /* Prometheus only: the gateway's metrics never share its public port. */}}
      - name: metrics
        containerPort: {{ $root.Values.metrics.gatewayPort }}
      {{- else }}
      {{- /* The service's liveness thread (kit liveness.ts), asked by the gateway. */}}
      - name: liveness
        containerPort: {{ $root.Values.livenessPort }}
      {{- end }}
    startupProbe:
      {{- toYaml $root.Values.probes.startup | nindent 6 }}
    livenessProbe:
      {{- toYaml $root.Values.probes.liveness | nindent 6 }}
    readinessProbe:
      {{- toYaml $root.Values.probes.readiness | nindent 6 }}
    lifecycle:
      preStop:
        exec:
          command: ["sleep", "{{ $root.Values.preStopSleepSeconds }}"]
    {{- end }}
    {{- if .healthPort }}
    {{- /* A job worker: no API, only its health server (kit worker.ts) on HEALTH_PORT, probed like the services. */}}
    ports:
      - name: health
        containerPort: {{ .healthPort }}
    startupProbe:
      {{- toYaml (mergeOverwrite (deepCopy $root.Values.probes.startup) (dict "httpGet" (dict "path" "/healthz" "port" "health"))) | nindent 6 }}
    livenessProbe:
      {{- toYaml (mergeOverwrite (deepCopy $root.Values.probes.liveness) (dict "httpGet" (dict "path" "/healthz" "port" "health"))) | nindent 6 }}
    readinessProbe:
      {{- toYaml (mergeOverwrite (deepCopy $root.Values.probes.readiness) (dict "httpGet" (dict "path" "/readyz" "port" "health"))) | nindent 6 }}
    {{- end }}
    {{- if or (not .inlineConfig) .svc.extraEnvFrom $root.Values.global.extraEnvFrom }}
    envFrom:
      {{- if not .inlineConfig }}
      - configMapRef:
          name: {{ include "rainmakers.fullname" (dict "root" $root "name" "config") }}
      {{- end }}
      {{- with $root.Values.global.extraEnvFrom }}
      {{- toYaml . | nindent 6 }}
      {{- end }}
      {{- with .svc.extraEnvFrom }}
      {{- toYaml . | nindent 6 }}
      {{- end }}
    {{- end }}
    env:
      {{- include "rainmakers.env" . | trim | nindent 6 }}
    resources:
      {{- toYaml .resources | nindent 6 }}
    securityContext:
      {{- toYaml $root.Values.containerSecurityContext | nindent 6 }}
    volumeMounts:
      - name: tmp
        mountPath: /tmp
      {{- with .svc.extraVolumeMounts }}
      {{- toYaml . | nindent 6 }}
      {{- end }}
{{- end -}}

{{/* A pod template's labels and annotations: the chart's, then podLabels / podAnnotations (global, then the service's). */}}
{{- define "rainmakers.podMetadata" -}}
labels:
  {{- include "rainmakers.labels" .ctx | nindent 2 }}
  {{- with .root.Values.global.podLabels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
  {{- with .svc.podLabels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
annotations:
  checksum/config: {{ include "rainmakers.sharedConfig" .root | sha256sum }}
  checksum/secret: {{ include "rainmakers.secretChecksum" .root }}
  {{- with .root.Values.global.podAnnotations }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
  {{- with .svc.podAnnotations }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end -}}

{{/*
What the pods read from Secrets, as far as the chart can know it: the Secrets' names, global.secretRevision (which
the operator bumps on a change), and the existingSecret's data when Helm can look it up (helm install/upgrade
against a cluster; empty under `helm template`). A change to any of them rolls every pod (docs/deploy.md
"Rotating secrets").
*/}}
{{- define "rainmakers.secretChecksum" -}}
{{- $g := .Values.global -}}
{{- $found := lookup "v1" "Secret" .Release.Namespace $g.existingSecret -}}
{{- $data := dig "data" dict ($found | default dict) -}}
{{- list $g.existingSecret $g.redis.existingSecret $g.postgres.existingSecret (toString $g.secretRevision) (toJson $data) | toJson | sha256sum -}}
{{- end -}}

{{/* The ServiceAccount a service's pods run as: the chart's own (serviceAccount.create), or one that exists. */}}
{{- define "rainmakers.serviceAccountName" -}}
{{- if .root.Values.serviceAccount.create -}}
{{- include "rainmakers.fullname" . -}}
{{- else -}}
{{- .root.Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}
