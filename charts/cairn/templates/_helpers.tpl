{{/*
Names, labels, images, the merged per-service configuration and the environment every service shares.
*/}}

{{/* Chart name (`cairn` unless nameOverride). */}}
{{- define "cairn.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Prefix of every object name: `<release>-cairn`, or the release name when it already contains the chart name. */}}
{{- define "cairn.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* `name-version` for the helm.sh/chart label. */}}
{{- define "cairn.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Name of one component's objects: `<fullname>-<component>`, at most 63 characters (a Service name, a Job's
label). A fullname too long for that is cut and given 6 hex of its hash, never the component: cutting
the end made `frontend-shell` and `frontend-sidebar` one name. Call with (dict "root" $ "component" "search").
*/}}
{{- define "cairn.componentName" -}}
{{- $fullname := include "cairn.fullname" .root }}
{{- $room := sub 62 (len .component) | int }}
{{- if gt (len $fullname) $room }}
{{- $fullname = printf "%s-%s" ($fullname | trunc (sub $room 7 | int) | trimSuffix "-") ($fullname | sha256sum | trunc 6) }}
{{- end }}
{{- printf "%s-%s" $fullname .component }}
{{- end }}

{{/* Labels of every object; with a component when given. Call with (dict "root" $ "component" "search") or (dict "root" $). */}}
{{- define "cairn.labels" -}}
helm.sh/chart: {{ include "cairn.chart" .root }}
{{ include "cairn.selectorLabels" . }}
app.kubernetes.io/part-of: cairn
{{- with .root.Chart.AppVersion }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Selector labels (immutable once deployed). */}}
{{- define "cairn.selectorLabels" -}}
app.kubernetes.io/name: {{ include "cairn.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end }}

{{/*
ServiceAccount of one workload: its own `serviceAccount.name`, else `<fullname>-<component>` when the
chart creates one per workload (serviceAccount.create), else `default`.
Call with (dict "root" $ "component" "search" "config" $config); config may be omitted (hook Jobs, tests).
*/}}
{{- define "cairn.serviceAccountName" -}}
{{- $own := (.config | default dict).serviceAccount | default dict }}
{{- if $own.name }}
{{- $own.name }}
{{- else if .root.Values.serviceAccount.create }}
{{- include "cairn.componentName" . }}
{{- else }}
{{- "default" }}
{{- end }}
{{- end }}

{{/*
A ServiceAccount `<fullname>-<component>` without an API token; `hook` makes it a pre-install/pre-upgrade
hook for a hook Job (created first, deleted once the hooks succeeded).
Call with (dict "root" $ "component" "search" "annotations" $annotations) (+ "hook" true).
*/}}
{{- define "cairn.serviceAccount" }}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "cairn.componentName" . }}
  labels:
    {{- include "cairn.labels" . | nindent 4 }}
  {{- if or .annotations .hook }}
  annotations:
    {{- if .hook }}
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-10"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
    {{- end }}
    {{- with .annotations }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
automountServiceAccountToken: {{ .root.Values.serviceAccount.automountServiceAccountToken }}
{{- end }}

{{/*
Image reference: `[registry/]repository(:tag|@digest)`; the tag falls back to image.tag, then appVersion.
Call with (dict "root" $ "image" $config.image).
*/}}
{{- define "cairn.image" -}}
{{- $global := .root.Values.image }}
{{- $repository := required "every Cairn workload needs image.repository" .image.repository }}
{{- $ref := ternary (printf "%s/%s" $global.registry $repository) $repository (ne (default "" $global.registry) "") }}
{{- if .image.digest }}
{{- printf "%s@%s" $ref .image.digest }}
{{- else }}
{{- printf "%s:%s" $ref (.image.tag | default $global.tag | default .root.Chart.AppVersion | toString) }}
{{- end }}
{{- end }}

{{/*
A workload's configuration: its own block merged over its defaults, returned as YAML (use with
fromYaml). Maps merge key by key. Sprig's merge skips "empty" values (false, 0), so the switches a
workload may turn off are copied over explicitly.
Call with (dict "defaults" $defaults "own" $own).
*/}}
{{- define "cairn.mergeConfig" -}}
{{- $own := .own | default dict }}
{{- $merged := mustMergeOverwrite (deepCopy .defaults) (deepCopy $own) }}
{{- range $key := list "enabled" "replicaCount" "terminationGracePeriodSeconds" }}
{{- if hasKey $own $key }}
{{- $_ := set $merged $key (index $own $key) }}
{{- end }}
{{- end }}
{{- range $block := list "autoscaling" "podDisruptionBudget" "serviceMonitor" "keda" "shutdown" }}
{{- $section := index $own $block | default dict }}
{{- range $key := list "enabled" "targetCPUUtilizationPercentage" "targetMemoryUtilizationPercentage" "cpuUtilization" "preStopSeconds" "drainMs" }}
{{- if hasKey $section $key }}
{{- $_ := set (index $merged $block) $key (index $section $key) }}
{{- end }}
{{- end }}
{{- end }}
{{- toYaml $merged }}
{{- end }}

{{/*
One service's configuration: `services.<name>` merged over `serviceDefaults` (cairn.mergeConfig).
Call with (dict "root" $ "name" "search").
*/}}
{{- define "cairn.serviceConfig" -}}
{{- include "cairn.mergeConfig" (dict "defaults" .root.Values.serviceDefaults "own" (index .root.Values.services .name)) }}
{{- end }}

{{/* Names of the frontend apps as a JSON list: `shell`, then the remotes in alphabetical order. */}}
{{- define "cairn.frontendNames" -}}
{{- toJson (prepend (keys .Values.frontends.remotes | sortAlpha) "shell") }}
{{- end }}

{{/*
One frontend app's configuration: `frontends.shell` or `frontends.remotes.<name>` merged over
`frontends.defaults` (cairn.mergeConfig). Call with (dict "root" $ "name" "chat"), or "shell".
*/}}
{{- define "cairn.frontendConfig" -}}
{{- $f := .root.Values.frontends }}
{{- $own := ternary $f.shell (index $f.remotes .name) (eq .name "shell") }}
{{- include "cairn.mergeConfig" (dict "defaults" $f.defaults "own" $own) }}
{{- end }}

{{/*
Manifest URL of each remote, as JSON (use with fromJson): its `manifestUrl`, else
`<remotesBaseUrl>/remotes/<name>/mf-manifest.json` (a same-origin path when remotesBaseUrl is empty,
which the web Ingress routes to the remote's Service). The URLs carry no version, so rolling one
remote forward or back changes its own Deployment only, never the shell's runtime config.
*/}}
{{- define "cairn.remoteManifests" -}}
{{- $f := .Values.frontends }}
{{- $manifests := dict }}
{{- range $name := keys $f.remotes | sortAlpha }}
{{- $remote := index $f.remotes $name }}
{{- $default := printf "%s/remotes/%s/mf-manifest.json" (trimSuffix "/" $f.runtimeConfig.remotesBaseUrl) $name }}
{{- $_ := set $manifests $name ($remote.manifestUrl | default $default) }}
{{- end }}
{{- toJson $manifests }}
{{- end }}

{{/* The shell's /runtime-config.json (frontends/shared/src/config/runtime-config.ts), as JSON. */}}
{{- define "cairn.runtimeConfig" -}}
{{- $rc := .Values.frontends.runtimeConfig }}
{{- $auth := dict "mode" .Values.auth.mode }}
{{- if and (eq .Values.auth.mode "local") .Values.federation.issuerUrl }}
{{- $_ := set $auth "externalProvider" (dict "startUrl" (printf "%s/auth/oidc/start" (trimSuffix "/" $rc.apiBaseUrl))) }}
{{- end }}
{{- if eq .Values.auth.mode "oidc" }}
{{- $_ := set $auth "url" (required "keycloak.url is required with auth.mode=oidc" .Values.keycloak.url) }}
{{- $_ := set $auth "realm" (required "keycloak.realm is required with auth.mode=oidc" .Values.keycloak.realm) }}
{{- $_ := set $auth "clientId" (required "keycloak.clientId is required with auth.mode=oidc" .Values.keycloak.clientId) }}
{{- end }}
{{- toJson (dict "apiBaseUrl" $rc.apiBaseUrl "remotes" (fromJson (include "cairn.remoteManifests" .)) "auth" $auth) }}
{{- end }}

{{/* The shell page's Content-Security-Policy: this origin plus the remotes' (and, with oidc, the provider's). */}}
{{- define "cairn.contentSecurityPolicy" -}}
{{- $origins := list }}
{{- range $name, $url := fromJson (include "cairn.remoteManifests" .) }}
{{- if regexMatch "^https?://" $url }}{{- $u := urlParse $url }}{{- $origins = append $origins (printf "%s://%s" $u.scheme $u.host) }}{{- end }}
{{- end }}
{{- $self := "'self'" }}
{{- if $origins }}{{- $self = printf "'self' %s" (join " " (uniq $origins)) }}{{- end }}
{{- $provider := "" }}
{{- if eq .Values.auth.mode "oidc" }}{{- $u := urlParse .Values.keycloak.url }}{{- $provider = printf " %s://%s" $u.scheme $u.host }}{{- end }}
{{- printf "default-src 'self'; script-src %s; style-src %s 'unsafe-inline'; connect-src %s%s; frame-src 'self'%s; img-src 'self' data: blob: https:; font-src %s data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" $self $self $self $provider $provider $self }}
{{- end }}

{{/*
Every enabled workload with its configuration, as YAML (use with fromYaml), keyed by component: each
service and each frontend app (`frontend-<name>`), merged. Used by the HPA and PodDisruptionBudget templates.
*/}}
{{- define "cairn.workloads" -}}
{{- $workloads := dict }}
{{- range $name := keys .Values.services }}
{{- $config := fromYaml (include "cairn.serviceConfig" (dict "root" $ "name" $name)) }}
{{- if $config.enabled }}
{{- $_ := set $workloads $name $config }}
{{- end }}
{{- end }}
{{- range $name := fromJsonArray (include "cairn.frontendNames" .) }}
{{- $config := fromYaml (include "cairn.frontendConfig" (dict "root" $ "name" $name)) }}
{{- if $config.enabled }}
{{- $_ := set $workloads (printf "frontend-%s" $name) $config }}
{{- end }}
{{- end }}
{{- toYaml $workloads }}
{{- end }}

{{/* An environment value as a quoted string; whole numbers stay whole (values.yaml numbers arrive as floats). */}}
{{- define "cairn.envValue" -}}
{{- if and (kindIs "float64" .) (eq (float64 (int64 .)) .) }}
{{- int64 . | toString | quote }}
{{- else }}
{{- toString . | quote }}
{{- end }}
{{- end }}

{{/* Issuer of the tokens the services accept: Keycloak's realm (oidc) or the accounts service's default, `cairn` (local). */}}
{{- define "cairn.authIssuer" -}}
{{- if .Values.auth.issuer }}
{{- .Values.auth.issuer }}
{{- else if eq .Values.auth.mode "local" }}
{{- "cairn" }}
{{- else }}
{{- printf "%s/realms/%s" (trimSuffix "/" (required "keycloak.url is required when auth.issuer is empty" .Values.keycloak.url)) .Values.keycloak.realm }}
{{- end }}
{{- end }}

{{/* JWKS URL the services fetch verification keys from: Keycloak's realm certs (oidc) or the accounts Service (local). */}}
{{- define "cairn.authJwksUrl" -}}
{{- if .Values.auth.jwksUrl }}
{{- .Values.auth.jwksUrl }}
{{- else if eq .Values.auth.mode "local" }}
{{- $accounts := fromYaml (include "cairn.serviceConfig" (dict "root" . "name" "accounts")) }}
{{- printf "http://%s:%d%s/.well-known/jwks.json" (include "cairn.componentName" (dict "root" . "component" "accounts")) ($accounts.port | int) (include "cairn.apiPrefix" .) }}
{{- else }}
{{- $base := .Values.keycloak.internalUrl | default .Values.keycloak.url }}
{{- printf "%s/realms/%s/protocol/openid-connect/certs" (trimSuffix "/" (required "keycloak.internalUrl or keycloak.url is required when auth.jwksUrl is empty" $base)) .Values.keycloak.realm }}
{{- end }}
{{- end }}

{{/* PUBLIC_URL for the accounts service: explicit, else from the ingress host, else empty. */}}
{{- define "cairn.publicUrl" -}}
{{- if .Values.accounts.publicUrl }}
{{- .Values.accounts.publicUrl }}
{{- else if and .Values.ingress.enabled .Values.ingress.host }}
{{- printf "%s://%s" (ternary "https" "http" (gt (len .Values.ingress.tls) 0)) .Values.ingress.host }}
{{- end }}
{{- end }}

{{/*
The environment of one service container besides envFrom of the platform ConfigMap: its port, Kafka
client id and credentials, MONGO_URL, the paths of its mounted files, the settings of its own
backends, and the values that come from Secrets (each only for the services that use it). With
`job` true, the starter-index Job's: search's settings without the HTTP and Kafka ones.
Call with (dict "root" $ "name" "search" "config" $config) (+ "job" true).
*/}}
{{- define "cairn.serviceEnv" -}}
{{- $v := .root.Values }}
{{- if not .job }}
- name: PORT
  value: {{ .config.port | int | toString | quote }}
- name: SHUTDOWN_DRAIN_MS
  value: {{ .config.shutdown.drainMs | int | toString | quote }}
{{- if and (eq .name "search") (include "cairn.starterIndexJob" .root) }}
# The hook Job <fullname>-search-index builds the starter index; the pods do not.
- name: SEARCH_STARTER_INDEX
  value: job
{{- end }}
{{- if $v.kafka.clientIdPrefix }}
- name: KAFKA_CLIENT_ID
  value: {{ printf "%s-%s" $v.kafka.clientIdPrefix .name | quote }}
{{- end }}
{{- include "cairn.kafkaCredentialsEnv" . }}
{{- end }}
{{- include "cairn.mongoEnv" . }}
{{- include "cairn.fileEnv" (include "cairn.fileMounts" .) }}
{{- if eq .name "search" }}
{{- include "cairn.searchEnv" .root }}
{{- end }}
{{- if eq .name "generation" }}
{{- include "cairn.generationEnv" .root }}
{{- end }}
{{- if eq .name "accounts" }}
{{- include "cairn.accountsEnv" .root }}
{{- end }}
{{- range $name, $value := .config.env }}
- name: {{ $name }}
  value: {{ include "cairn.envValue" $value }}
{{- end }}
{{- with .config.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
The variables every service shares, as YAML (use with fromYaml): the platform ConfigMap's data, and
the base of the starter-index Job's environment. Values are strings.
*/}}
{{- define "cairn.platformEnv" -}}
{{- $v := .Values }}
{{- $env := dict
  "LOG_LEVEL" $v.platform.logLevel
  "HOST" "0.0.0.0"
  "API_PREFIX" (include "cairn.apiPrefix" .)
  "DATA_DIR" $v.platform.dataDir
  "BODY_LIMIT_BYTES" ($v.platform.bodyLimitBytes | int64 | toString)
  "EVENT_BUS" $v.platform.eventBus
  "PROCESSED_EVENTS_RETENTION_DAYS" ($v.kafka.processedEventsRetentionDays | toString)
  "DOCUMENT_STORE" $v.platform.documentStore
  "BLOB_STORE" $v.platform.blobStore
  "AUTH_MODE" $v.auth.mode
  "AUTH_JWKS_URL" (include "cairn.authJwksUrl" .)
  "AUTH_ISSUER" (include "cairn.authIssuer" .)
  "AUTH_AUDIENCE" $v.auth.audience
  "AUTH_ORGANISATION_CLAIM" $v.auth.claims.organisation
  "AUTH_ORGANISATION_NAME_CLAIM" $v.auth.claims.organisationName
  "AUTH_ROLES_CLAIM" $v.auth.claims.roles
  "AUTH_EDITOR_ROLE" $v.auth.claims.editorRole
  "AUTH_ADMINISTRATOR_ROLE" $v.auth.claims.administratorRole
}}
{{- if eq $v.platform.eventBus "kafka" }}
{{- $_ := set $env "KAFKA_BROKERS" (join "," $v.kafka.brokers) }}
{{- $_ := set $env "KAFKA_SSL" ($v.kafka.tls.enabled | toString) }}
{{- with $v.kafka.topicPrefix }}
{{- $_ := set $env "KAFKA_TOPIC_PREFIX" . }}
{{- end }}
{{- $_ := set $env "EVENT_MAX_ATTEMPTS" ($v.kafka.maxDeliveryAttempts | int | toString) }}
{{- $_ := set $env "KAFKA_SESSION_TIMEOUT_MS" ($v.kafka.sessionTimeoutMs | int | toString) }}
{{- end }}
{{- range $name, $value := $v.platform.extraEnv }}
{{- $_ := set $env $name $value }}
{{- end }}
{{- toYaml $env }}
{{- end }}

{{/*
`lifecycle.preStop` of a workload's container from its `shutdown` values: the kubelet's sleep action
(Kubernetes 1.30 and later), or a shell sleep. Call with (dict "root" $ "shutdown" $config.shutdown).
*/}}
{{- define "cairn.preStop" -}}
{{- $action := .shutdown.preStopAction }}
{{- if eq $action "auto" }}
{{- $action = ternary "sleep" "exec" (semverCompare ">=1.30.0-0" .root.Capabilities.KubeVersion.Version) }}
{{- end -}}
preStop:
  {{- if eq $action "exec" }}
  exec:
    command: ["/bin/sh", "-c", "sleep {{ .shutdown.preStopSeconds | int }}"]
  {{- else }}
  sleep:
    seconds: {{ .shutdown.preStopSeconds | int }}
  {{- end }}
{{- end }}

{{/*
Topology spread constraints with the workload's selector filled in where missing.
Call with (dict "root" $ "component" "search" "constraints" $config.topologySpreadConstraints).
*/}}
{{- define "cairn.topologySpread" -}}
{{- $selector := fromYaml (include "cairn.selectorLabels" (dict "root" .root "component" .component)) }}
{{- range .constraints }}
{{- $constraint := deepCopy . }}
{{- if not (hasKey $constraint "labelSelector") }}
{{- $_ := set $constraint "labelSelector" (dict "matchLabels" $selector) }}
{{- end }}
- {{ toYaml $constraint | nindent 2 | trim }}
{{- end }}
{{- end }}

{{/*
Settings the services would refuse at boot (their zod schemas), refused here at install time instead,
with the value to set.
*/}}
{{- define "cairn.validate" -}}
{{- $v := .Values }}
{{- $p := $v.platform }}
{{- if not (has $p.eventBus (list "kafka" "in-process")) }}
{{- fail (printf "platform.eventBus must be kafka or in-process, got %q" $p.eventBus) }}
{{- end }}
{{- if and (eq $p.eventBus "kafka") (empty $v.kafka.brokers) }}
{{- fail "kafka.brokers is required when platform.eventBus=kafka" }}
{{- end }}
{{- if not (has $p.documentStore (list "mongo" "sqlite")) }}
{{- fail (printf "platform.documentStore must be mongo or sqlite, got %q" $p.documentStore) }}
{{- end }}
{{- if not (has $p.blobStore (list "gridfs" "file")) }}
{{- fail (printf "platform.blobStore must be gridfs or file, got %q" $p.blobStore) }}
{{- end }}
{{- if and $v.kafka.sasl.mechanism (not (and $v.kafka.sasl.username $v.kafka.sasl.existingSecret)) }}
{{- fail "kafka.sasl.username and kafka.sasl.existingSecret (the Secret holding the password) are required when kafka.sasl.mechanism is set" }}
{{- end }}
{{- if and $v.kafka.tls.clientSecret (not $v.kafka.tls.enabled) }}
{{- fail "kafka.tls.clientSecret (a client certificate for mutual TLS) needs kafka.tls.enabled=true" }}
{{- end }}
{{- if $v.kafka.users.enabled }}
{{- if or $v.kafka.sasl.mechanism $v.kafka.tls.clientSecret }}
{{- fail "with kafka.users.enabled each service logs in as its own KafkaUser: leave kafka.sasl.mechanism and kafka.tls.clientSecret (one shared user) empty" }}
{{- end }}
{{- if and (eq $v.kafka.users.authentication "tls") (not $v.kafka.tls.enabled) }}
{{- fail "kafka.users.authentication=tls (mutual TLS) needs kafka.tls.enabled=true" }}
{{- end }}
{{- end }}
{{- if include "cairn.usesMongo" . }}
{{- range $name := keys $v.services | sortAlpha }}
{{- $config := fromYaml (include "cairn.serviceConfig" (dict "root" $ "name" $name)) }}
{{- if and $config.enabled (not (or ($config.mongo | default dict).existingSecret $v.mongo.existingSecret)) }}
{{- fail (printf "services.%s.mongo.existingSecret or mongo.existingSecret (a Secret holding MONGO_URL) is required when platform.documentStore=mongo or platform.blobStore=gridfs" $name) }}
{{- end }}
{{- end }}
{{- end }}
{{- range $backend := list "mongo" "elasticsearch" "qdrant" "openai" "mail" }}
{{- $bundle := index $v $backend "caBundle" }}
{{- if and $bundle.secretName $bundle.configMapName }}
{{- fail (printf "%s.caBundle: set secretName or configMapName, not both" $backend) }}
{{- end }}
{{- end }}
{{- if and $v.auth.caBundle.secretName $v.auth.caBundle.configMapName }}
{{- fail "auth.caBundle: set secretName or configMapName, not both" }}
{{- end }}
{{- if not (has $v.search.keywordIndex (list "elasticsearch" "sqlite")) }}
{{- fail (printf "search.keywordIndex must be elasticsearch or sqlite, got %q" $v.search.keywordIndex) }}
{{- end }}
{{- if and (eq $v.search.keywordIndex "elasticsearch") (not $v.elasticsearch.url) }}
{{- fail "elasticsearch.url is required when search.keywordIndex=elasticsearch" }}
{{- end }}
{{- if regexMatch "^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*@" $v.elasticsearch.url }}
{{- fail "elasticsearch.url must not hold credentials: set elasticsearch.auth (type basic with username and existingSecret, or type apiKey with existingSecret)" }}
{{- end }}
{{- if and (ne $v.elasticsearch.auth.type "none") (not $v.elasticsearch.auth.existingSecret) }}
{{- fail (printf "elasticsearch.auth.existingSecret (the Secret holding the %s) is required with elasticsearch.auth.type=%s" (ternary "password" "API key" (eq $v.elasticsearch.auth.type "basic")) $v.elasticsearch.auth.type) }}
{{- end }}
{{- if not (has $v.search.vectorIndex (list "qdrant" "sqlite")) }}
{{- fail (printf "search.vectorIndex must be qdrant or sqlite, got %q" $v.search.vectorIndex) }}
{{- end }}
{{- if and (eq $v.search.vectorIndex "qdrant") (not $v.qdrant.url) }}
{{- fail "qdrant.url is required when search.vectorIndex=qdrant" }}
{{- end }}
{{- if not (has $v.search.embedder (list "local" "openai" "none")) }}
{{- fail (printf "search.embedder must be local, openai or none, got %q" $v.search.embedder) }}
{{- end }}
{{- if not (has $v.generation.generator (list "extractive" "openai")) }}
{{- fail (printf "generation.generator must be extractive or openai, got %q" $v.generation.generator) }}
{{- end }}
{{- if and (or (eq $v.search.embedder "openai") (eq $v.generation.generator "openai")) (not $v.openai.baseUrl) }}
{{- fail "openai.baseUrl is required when search.embedder=openai or generation.generator=openai" }}
{{- end }}
{{- if not (has $v.auth.mode (list "oidc" "local")) }}
{{- fail (printf "auth.mode must be oidc or local, got %q" $v.auth.mode) }}
{{- end }}
{{- if and (eq $v.auth.mode "local") (not $v.auth.jwksUrl) (not (fromYaml (include "cairn.serviceConfig" (dict "root" . "name" "accounts"))).enabled) }}
{{- fail "auth.mode=local needs the accounts service (services.accounts.enabled) or an explicit auth.jwksUrl" }}
{{- end }}
{{- range $name := keys $v.frontends.remotes | sortAlpha }}
{{- $remote := index $v.frontends.remotes $name }}
{{- if and $v.frontends.shell.enabled (not $remote.enabled) (not $remote.manifestUrl) (not $v.frontends.runtimeConfig.remotesBaseUrl) }}
{{- fail (printf "frontends.remotes.%s is disabled, but the shell loads it: set frontends.remotes.%s.manifestUrl (or frontends.runtimeConfig.remotesBaseUrl) to where it is served" $name $name) }}
{{- end }}
{{- end }}
{{- range $name := keys $v.services | sortAlpha }}
{{- $config := fromYaml (include "cairn.serviceConfig" (dict "root" $ "name" $name)) }}
{{- if $config.enabled }}
{{- $needed := add ($config.shutdown.preStopSeconds | int) (div (add ($config.shutdown.drainMs | int) 999) 1000) }}
{{- if le ($config.terminationGracePeriodSeconds | int) $needed }}
{{- fail (printf "services.%s.terminationGracePeriodSeconds (%d) must exceed shutdown.preStopSeconds plus shutdown.drainMs (%d s), or the pod is killed while it drains" $name ($config.terminationGracePeriodSeconds | int) $needed) }}
{{- end }}
{{- if and $config.autoscaling.enabled $config.keda.enabled }}
{{- fail (printf "services.%s: autoscaling.enabled (an HPA) and keda.enabled (a KEDA ScaledObject, which makes its own HPA) are exclusive; turn one off" $name) }}
{{- end }}
{{- if and $config.keda.enabled (ne $p.eventBus "kafka") }}
{{- fail (printf "services.%s.keda.enabled scales on Kafka consumer lag and needs platform.eventBus=kafka" $name) }}
{{- end }}
{{- if and $config.keda.enabled (gt ($config.keda.minReplicaCount | int) ($config.keda.maxReplicaCount | int)) }}
{{- fail (printf "services.%s.keda: minReplicaCount (%d) is above maxReplicaCount (%d), which KEDA refuses" $name ($config.keda.minReplicaCount | int) ($config.keda.maxReplicaCount | int)) }}
{{- end }}
{{- end }}
{{- end }}
{{- $workloads := fromYaml (include "cairn.workloads" .) }}
{{- range $name := keys $workloads | sortAlpha }}
{{- $autoscaling := (index $workloads $name).autoscaling }}
{{- $frontend := trimPrefix "frontend-" $name }}
{{- $path := ternary (printf "services.%s" $name) (ternary "frontends.shell" (printf "frontends.remotes.%s" $frontend) (eq $frontend "shell")) (eq $frontend $name) }}
{{- if and $autoscaling.enabled (gt ($autoscaling.minReplicas | int) ($autoscaling.maxReplicas | int)) }}
{{- fail (printf "%s.autoscaling.minReplicas (%d) is above maxReplicas (%d), which the API server refuses" $path ($autoscaling.minReplicas | int) ($autoscaling.maxReplicas | int)) }}
{{- end }}
{{- end }}
{{- if and $v.ingress.enabled (eq $v.ingress.controller "other") (not $v.ingress.patterns.annotations) (include "cairn.hasApiPatterns" .) }}
{{- fail "ingress.controller=other: set ingress.patterns.annotations to your controller's switch for regular-expression paths (the /api/users/{id} routes), or pick ingress.controller ingress-nginx, nginx-inc, traefik or haproxy-ingress" }}
{{- end }}
{{- range $route := $v.apiRoutes }}
{{- if not (hasKey $v.services $route.service) }}
{{- fail (printf "apiRoutes names service %q, which is not in services" $route.service) }}
{{- end }}
{{- end }}
{{- if not (regexMatch "^/[a-z0-9][a-z0-9/_-]*[a-z0-9]$" (include "cairn.apiPrefix" .)) }}
{{- fail (printf "the path of frontends.runtimeConfig.apiBaseUrl (%q) is every service's API_PREFIX: it must be a path such as /api" (include "cairn.apiPrefix" .)) }}
{{- end }}
{{- end }}

{{/* The path under which the API is served: the path of frontends.runtimeConfig.apiBaseUrl (`/api`), also API_PREFIX of every service. */}}
{{- define "cairn.apiPrefix" -}}
{{- $base := .Values.frontends.runtimeConfig.apiBaseUrl }}
{{- if regexMatch "^https?://" $base }}{{- $base = (urlParse $base).path }}{{- end }}
{{- trimSuffix "/" $base }}
{{- end }}

{{/* The accounts service's refresh-cookie path, public URL, mail relay and federated provider, with their credentials from Secrets. */}}
{{- define "cairn.accountsEnv" -}}
{{- $v := .Values }}
# The refresh cookie's path as the browser sees the auth routes.
- name: AUTH_COOKIE_PATH
  value: {{ printf "%s/auth" (include "cairn.apiPrefix" .) | quote }}
{{- with include "cairn.publicUrl" . }}
# Links in e-mails.
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
{{- with $v.auth.organisations.names }}
# Which email domains are organisations, and their names.
- name: ORGANISATION_NAMES
  value: {{ . | quote }}
{{- end }}
{{- with $v.auth.organisations.publicEmailDomains }}
- name: PUBLIC_EMAIL_DOMAINS
  value: {{ . | quote }}
{{- end }}
{{- with $v.mail.smtpHost }}
- name: SMTP_HOST
  value: {{ . | quote }}
- name: SMTP_PORT
  value: {{ $v.mail.smtpPort | int | toString | quote }}
- name: SMTP_SECURE
  value: {{ $v.mail.smtpSecure | toString | quote }}
- name: SMTP_FROM
  value: {{ $v.mail.from | quote }}
{{- with $v.mail.existingSecret }}
- name: SMTP_USER
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $v.mail.existingSecretUserKey }}
- name: SMTP_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $v.mail.existingSecretPasswordKey }}
{{- end }}
{{- end }}
{{- if $v.keycloak.admin.deleteUsers }}
- name: KEYCLOAK_ADMIN_URL
  value: {{ $v.keycloak.internalUrl | default $v.keycloak.url | quote }}
- name: KEYCLOAK_ADMIN_REALM
  value: {{ $v.keycloak.realm | quote }}
- name: KEYCLOAK_ADMIN_CLIENT_ID
  value: {{ $v.keycloak.admin.clientId | quote }}
- name: KEYCLOAK_ADMIN_CLIENT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ required "keycloak.admin.existingSecret is required with keycloak.admin.deleteUsers" $v.keycloak.admin.existingSecret }}
      key: {{ $v.keycloak.admin.existingSecretKey }}
{{- end }}
{{- with $v.federation.issuerUrl }}
- name: OIDC_ISSUER_URL
  value: {{ . | quote }}
- name: OIDC_CLIENT_ID
  value: {{ required "federation.clientId is required with federation.issuerUrl" $v.federation.clientId | quote }}
{{- with include "cairn.publicUrl" $ }}
- name: OIDC_REDIRECT_URI
  value: {{ printf "%s%s/auth/oidc/callback" (trimSuffix "/" .) (trimSuffix "/" $v.frontends.runtimeConfig.apiBaseUrl) | quote }}
{{- end }}
{{- with $v.federation.existingSecret }}
- name: OIDC_CLIENT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $v.federation.existingSecretKey }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The realm of files/cairn-realm.json (the dev realm of k8s/components/local-infra) with this release's
settings, as JSON: its name is keycloak.realm; its public client `cairn-web` becomes keycloak.clientId,
with the audience mapper adding auth.audience (dropped when the audience is empty); with a known public
URL (cairn.publicUrl) the client's root, redirect and post-logout URIs are that URL; and sslRequired is
`external` when Keycloak is served over https.
*/}}
{{- define "cairn.keycloakRealm" -}}
{{- $v := .Values }}
{{- $realm := .Files.Get "files/cairn-realm.json" | fromJson }}
{{- $_ := set $realm "realm" (required "keycloak.realm is required with keycloak.realmImport.enabled" $v.keycloak.realm) }}
{{- $publicUrl := include "cairn.publicUrl" . | trimSuffix "/" }}
{{- range $client := $realm.clients }}
{{- if eq $client.clientId "cairn-web" }}
{{- $_ := set $client "clientId" (required "keycloak.clientId is required with keycloak.realmImport.enabled" $v.keycloak.clientId) }}
{{- $mappers := list }}
{{- range $mapper := $client.protocolMappers }}
{{- if eq $mapper.protocolMapper "oidc-group-membership-mapper" }}
{{- $_ := set $mapper.config "claim.name" $v.auth.claims.organisation }}
{{- $mappers = append $mappers $mapper }}
{{- else if ne $mapper.protocolMapper "oidc-audience-mapper" }}
{{- $mappers = append $mappers $mapper }}
{{- else if $v.auth.audience }}
{{- $_ := set $mapper.config "included.custom.audience" $v.auth.audience }}
{{- $mappers = append $mappers $mapper }}
{{- end }}
{{- end }}
{{- $_ := set $client "protocolMappers" $mappers }}
{{- with $publicUrl }}
{{- $_ := set $client "rootUrl" . }}
{{- $_ := set $client "redirectUris" (list (printf "%s/*" .)) }}
{{- $_ := set $client.attributes "post.logout.redirect.uris" (printf "%s/*" .) }}
{{- end }}
{{- end }}
{{- end }}
{{- $roleNames := list $v.auth.claims.editorRole $v.auth.claims.administratorRole }}
{{- range $index, $role := $realm.roles.realm }}
{{- $_ := set $role "name" (index $roleNames $index) }}
{{- end }}
{{- if hasPrefix "https://" $v.keycloak.url }}
{{- $_ := set $realm "sslRequired" "external" }}
{{- end }}
{{- toJson $realm }}
{{- end }}

{{/*
The API routes of the enabled services as a JSON list of {path, component, regex}: each path and pattern
of apiRoutes under the API prefix (cairn.apiPrefix). Ingress `Prefix` and HTTPRoute `PathPrefix` match
whole path segments and prefer the longest path, so `/api/protocols/save` does not catch
`/api/protocols/saved/…`; a pattern (regex) is anchored at both ends, `^<prefix><pattern>$`, since
some implementations search a regex anywhere in the path (Traefik, HAProxy).
*/}}
{{- define "cairn.apiRoutes" -}}
{{- $prefix := include "cairn.apiPrefix" . }}
{{- $routes := list }}
{{- range $route := .Values.apiRoutes }}
{{- $config := fromYaml (include "cairn.serviceConfig" (dict "root" $ "name" $route.service)) }}
{{- if $config.enabled }}
{{- range $path := $route.paths }}
{{- $routes = append $routes (dict "path" (printf "%s%s" $prefix $path) "component" $route.service "regex" false) }}
{{- end }}
{{- range $pattern := $route.patterns }}
{{- $routes = append $routes (dict "path" (printf "^%s%s$" $prefix $pattern) "component" $route.service "regex" true) }}
{{- end }}
{{- end }}
{{- end }}
{{- toJson $routes }}
{{- end }}

{{/* The frontends' routes as a JSON list of {path, component}: `/remotes/<name>/` for each enabled remote, then `/` for the shell. */}}
{{- define "cairn.webRoutes" -}}
{{- $web := list }}
{{- range $name := keys .Values.frontends.remotes | sortAlpha }}
{{- if (index $.Values.frontends.remotes $name).enabled }}
{{- $web = append $web (dict "path" (printf "/remotes/%s/" $name) "component" (printf "frontend-%s" $name)) }}
{{- end }}
{{- end }}
{{- if .Values.frontends.shell.enabled }}
{{- $web = append $web (dict "path" "/" "component" "frontend-shell") }}
{{- end }}
{{- toJson $web }}
{{- end }}

{{/* The port of a workload's Service. Call with (dict "root" $ "component" "search"), or "frontend-chat". */}}
{{- define "cairn.workloadPort" -}}
{{- $config := dict }}
{{- if hasPrefix "frontend-" .component }}
{{- $config = fromYaml (include "cairn.frontendConfig" (dict "root" .root "name" (trimPrefix "frontend-" .component))) }}
{{- else }}
{{- $config = fromYaml (include "cairn.serviceConfig" (dict "root" .root "name" .component)) }}
{{- end }}
{{- $config.port | int }}
{{- end }}

{{/*
How `ingress.controller` reads the regular expressions of `<fullname>-api-patterns`, as JSON
{annotations, path}: the annotation that turns them on, and the pattern (`^…$`) as that controller
wants it. ingress-nginx and F5 NGINX write `location ~ "^<path>"` themselves, so they get it without
the leading `^`.
*/}}
{{- define "cairn.ingressRegex" -}}
{{- $controller := .root.Values.ingress.controller }}
{{- $annotations := dict }}
{{- if eq $controller "ingress-nginx" }}
{{- $annotations = dict "nginx.ingress.kubernetes.io/use-regex" "true" }}
{{- else if eq $controller "nginx-inc" }}
{{- $annotations = dict "nginx.org/path-regex" "case_sensitive" }}
{{- else if eq $controller "traefik" }}
{{- $annotations = dict "traefik.ingress.kubernetes.io/router.pathmatcher" "PathRegexp" }}
{{- else if eq $controller "haproxy-ingress" }}
{{- $annotations = dict "haproxy-ingress.github.io/path-type" "regex" }}
{{- end }}
{{- $path := .path }}
{{- if has $controller (list "ingress-nginx" "nginx-inc") }}
{{- $path = trimPrefix "^" $path }}
{{- end }}
{{- toJson (dict "annotations" $annotations "path" $path) }}
{{- end }}

{{/* Non-empty when an enabled service has apiRoutes patterns. */}}
{{- define "cairn.hasApiPatterns" -}}
{{- range fromJsonArray (include "cairn.apiRoutes" .) }}{{ if .regex }}yes{{ end }}{{ end }}
{{- end }}
