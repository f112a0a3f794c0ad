{{/*
Files the workloads mount from Secrets and ConfigMaps (CA bundles, Kafka client certificates), and the
environment each service gets for the backends it uses. Each Secret goes only to the workloads that use
it.
*/}}

{{/*
One CA bundle value ({secretName, configMapName, key}) as a mount entry, or nothing when neither object
is named. Call with (dict "volume" "mongo-ca" "bundle" $v.mongo.caBundle "env" "MONGO_CA_FILE").
*/}}
{{- define "cairn.caBundleMount" -}}
{{- $bundle := .bundle | default dict }}
{{- if or $bundle.secretName $bundle.configMapName }}
{{- toJson (dict "volume" .volume "secret" ($bundle.secretName | default "") "configMap" ($bundle.configMapName | default "") "items" (list (dict "key" ($bundle.key | default "ca.crt") "env" .env))) }}
{{- end }}
{{- end }}

{{/* Whether a service (or the starter-index Job, as search) calls the OpenAI-compatible server: "true" or "". Call with (dict "root" $ "name" "search"). */}}
{{- define "cairn.usesOpenai" -}}
{{- $v := .root.Values }}
{{- if or (and (eq .name "search") (eq $v.search.embedder "openai")) (and (eq .name "generation") (eq $v.generation.generator "openai")) }}true{{- end }}
{{- end }}

{{/* Whether a service uses MongoDB (document store or GridFS): "true" or "". Call with the root context. */}}
{{- define "cairn.usesMongo" -}}
{{- if or (eq .Values.platform.documentStore "mongo") (eq .Values.platform.blobStore "gridfs") }}true{{- end }}
{{- end }}

{{/*
The files one workload mounts, as a JSON list of {volume, secret, configMap, items: [{key, env}]}: each
volume is one Secret or ConfigMap with only the listed keys, read-only at /etc/cairn/<volume>/<key>,
and `env` names the variable holding that path.
  kafka-ca, kafka-client  every service (not the starter-index Job, which publishes nothing)
  mongo-ca, oidc-ca       every service and the starter-index Job
  elasticsearch-ca, qdrant-ca   search and the starter-index Job
  smtp-ca                 accounts, with a mail relay
  openai-ca               search with embedder=openai, generation with generator=openai
Call with (dict "root" $ "name" "search") (+ "job" true for the starter-index Job).
*/}}
{{- define "cairn.fileMounts" -}}
{{- $v := .root.Values }}
{{- $mounts := list }}
{{- if and (eq $v.platform.eventBus "kafka") (not .job) }}
{{- with include "cairn.caBundleMount" (dict "volume" "kafka-ca" "bundle" (dict "secretName" $v.kafka.tls.caSecret "key" $v.kafka.tls.caSecretKey) "env" "KAFKA_SSL_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- if and $v.kafka.users.enabled (eq $v.kafka.users.authentication "tls") }}
{{- $mounts = append $mounts (dict "volume" "kafka-client" "secret" (include "cairn.kafkaUserName" .) "configMap" "" "items" (list (dict "key" "user.crt" "env" "KAFKA_SSL_CERT_FILE") (dict "key" "user.key" "env" "KAFKA_SSL_KEY_FILE"))) }}
{{- else if and (not $v.kafka.users.enabled) $v.kafka.tls.clientSecret }}
{{- $mounts = append $mounts (dict "volume" "kafka-client" "secret" $v.kafka.tls.clientSecret "configMap" "" "items" (list (dict "key" $v.kafka.tls.clientCertKey "env" "KAFKA_SSL_CERT_FILE") (dict "key" $v.kafka.tls.clientKeyKey "env" "KAFKA_SSL_KEY_FILE"))) }}
{{- end }}
{{- end }}
{{- if include "cairn.usesMongo" .root }}
{{- with include "cairn.caBundleMount" (dict "volume" "mongo-ca" "bundle" $v.mongo.caBundle "env" "MONGO_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- end }}
{{- with include "cairn.caBundleMount" (dict "volume" "oidc-ca" "bundle" $v.auth.caBundle "env" "OIDC_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- if eq .name "search" }}
{{- if eq $v.search.keywordIndex "elasticsearch" }}
{{- with include "cairn.caBundleMount" (dict "volume" "elasticsearch-ca" "bundle" $v.elasticsearch.caBundle "env" "ELASTICSEARCH_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- end }}
{{- if eq $v.search.vectorIndex "qdrant" }}
{{- with include "cairn.caBundleMount" (dict "volume" "qdrant-ca" "bundle" $v.qdrant.caBundle "env" "QDRANT_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- end }}
{{- end }}
{{- if and (eq .name "accounts") $v.mail.smtpHost }}
{{- with include "cairn.caBundleMount" (dict "volume" "smtp-ca" "bundle" $v.mail.caBundle "env" "SMTP_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- end }}
{{- if include "cairn.usesOpenai" . }}
{{- with include "cairn.caBundleMount" (dict "volume" "openai-ca" "bundle" $v.openai.caBundle "env" "OPENAI_CA_FILE") }}
{{- $mounts = append $mounts (fromJson .) }}
{{- end }}
{{- end }}
{{- toJson $mounts }}
{{- end }}

{{/* volumeMounts of cairn.fileMounts (a JSON list). */}}
{{- define "cairn.fileVolumeMounts" -}}
{{- range fromJsonArray . }}
- name: {{ .volume }}
  mountPath: /etc/cairn/{{ .volume }}
  readOnly: true
{{- end }}
{{- end }}

{{/* volumes of cairn.fileMounts (a JSON list): only the listed keys, `defaultMode: 288` (0440: readable by the pod's fsGroup, not by others). */}}
{{- define "cairn.fileVolumes" -}}
{{- range fromJsonArray . }}
- name: {{ .volume }}
  {{- if .secret }}
  secret:
    secretName: {{ .secret }}
  {{- else }}
  configMap:
    name: {{ .configMap }}
  {{- end }}
    defaultMode: 288
    items:
      {{- range .items }}
      - key: {{ .key }}
        path: {{ .key }}
      {{- end }}
{{- end }}
{{- end }}

{{/* The `*_FILE` variables of cairn.fileMounts (a JSON list): the mounted paths. */}}
{{- define "cairn.fileEnv" -}}
{{- range $mount := fromJsonArray . }}
{{- range $mount.items }}
- name: {{ .env }}
  value: {{ printf "/etc/cairn/%s/%s" $mount.volume .key | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Kafka credentials of one service: its own KafkaUser's (kafka.users), else the shared SASL user
(kafka.sasl). Certificates for mutual TLS come from cairn.fileMounts. Call with (dict "root" $ "name" "search").
*/}}
{{- define "cairn.kafkaCredentialsEnv" -}}
{{- $v := .root.Values }}
{{- if eq $v.platform.eventBus "kafka" }}
{{- if $v.kafka.users.enabled }}
{{- if eq $v.kafka.users.authentication "scram-sha-512" }}
{{- $user := include "cairn.kafkaUserName" . }}
- name: KAFKA_SASL_MECHANISM
  value: scram-sha-512
- name: KAFKA_SASL_USERNAME
  value: {{ $user | quote }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $user }}
      key: password
{{- end }}
{{- else if $v.kafka.sasl.mechanism }}
- name: KAFKA_SASL_MECHANISM
  value: {{ $v.kafka.sasl.mechanism | quote }}
- name: KAFKA_SASL_USERNAME
  value: {{ $v.kafka.sasl.username | quote }}
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $v.kafka.sasl.existingSecret }}
      key: {{ $v.kafka.sasl.existingSecretPasswordKey }}
{{- end }}
{{- end }}
{{- end }}

{{/*
MONGO_URL of one service: its own Secret (services.<name>.mongo.existingSecret) or the shared one
(mongo.existingSecret); the key is services.<name>.mongo.existingSecretKey, else mongo.existingSecretKey.
Call with (dict "root" $ "config" $config).
*/}}
{{- define "cairn.mongoEnv" -}}
{{- $v := .root.Values }}
{{- if include "cairn.usesMongo" .root }}
{{- $own := .config.mongo | default dict }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef:
      name: {{ $own.existingSecret | default $v.mongo.existingSecret }}
      key: {{ $own.existingSecretKey | default $v.mongo.existingSecretKey }}
{{- end }}
{{- end }}

{{/* The search service's keyword index, vector index and embedder (services/search/src/config/search-config.ts). */}}
{{- define "cairn.searchEnv" -}}
{{- $v := .Values }}
- name: SEARCH_KEYWORD_INDEX
  value: {{ $v.search.keywordIndex | quote }}
{{- if eq $v.search.keywordIndex "elasticsearch" }}
- name: ELASTICSEARCH_URL
  value: {{ $v.elasticsearch.url | quote }}
{{- $auth := $v.elasticsearch.auth }}
{{- if eq $auth.type "basic" }}
- name: ELASTICSEARCH_USERNAME
  value: {{ $auth.username | quote }}
- name: ELASTICSEARCH_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $auth.existingSecret }}
      key: {{ $auth.passwordKey }}
{{- else if eq $auth.type "apiKey" }}
- name: ELASTICSEARCH_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $auth.existingSecret }}
      key: {{ $auth.apiKeyKey }}
{{- end }}
{{- end }}
- name: ELASTICSEARCH_INDEX
  value: {{ $v.elasticsearch.index | quote }}
- name: SEARCH_VECTOR_INDEX
  value: {{ $v.search.vectorIndex | quote }}
{{- if eq $v.search.vectorIndex "qdrant" }}
- name: QDRANT_URL
  value: {{ $v.qdrant.url | quote }}
{{- with $v.qdrant.existingSecret }}
- name: QDRANT_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $v.qdrant.existingSecretKey }}
{{- end }}
{{- end }}
- name: QDRANT_COLLECTION
  value: {{ $v.qdrant.collection | quote }}
- name: EMBEDDER
  value: {{ $v.search.embedder | quote }}
{{- if eq $v.search.embedder "openai" }}
- name: EMBEDDING_MODEL
  value: {{ $v.search.embeddingModel | quote }}
{{- with $v.search.embeddingDimensions }}
- name: EMBEDDING_DIMENSIONS
  value: {{ . | int64 | toString | quote }}
{{- end }}
{{- include "cairn.openaiEnv" . }}
{{- end }}
{{- end }}

{{/* The generation service's generator (services/generation/src/config/generation-config.ts). */}}
{{- define "cairn.generationEnv" -}}
{{- $v := .Values }}
- name: GENERATOR
  value: {{ $v.generation.generator | quote }}
{{- if eq $v.generation.generator "openai" }}
{{- with $v.generation.model }}
- name: GENERATION_MODEL
  value: {{ . | quote }}
{{- end }}
{{- include "cairn.openaiEnv" . }}
{{- end }}
{{- end }}

{{/* The OpenAI-compatible server: OPENAI_BASE_URL and OPENAI_API_KEY from its Secret. */}}
{{- define "cairn.openaiEnv" -}}
{{- $v := .Values }}
- name: OPENAI_BASE_URL
  value: {{ $v.openai.baseUrl | quote }}
{{- with $v.openai.existingSecret }}
- name: OPENAI_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $v.openai.existingSecretKey }}
{{- end }}
{{- end }}

{{/* Whether the services verify tokens against the accounts service's own JWKS (auth.mode=local, no auth.jwksUrl): "true" or "". */}}
{{- define "cairn.jwksFromAccounts" -}}
{{- if and (eq .Values.auth.mode "local") (not .Values.auth.jwksUrl) }}true{{- end }}
{{- end }}

{{/*
The backends one service (or the starter-index Job, as search with job=true) reaches, as a JSON list of
networkPolicy.egress keys (plus `accounts-jwks` for the accounts service's JWKS with auth.mode=local),
from the environment it gets. Call with (dict "root" $ "name" "search") (+ "job" true).
*/}}
{{- define "cairn.egressBackends" -}}
{{- $v := .root.Values }}
{{- $backends := list "dns" }}
{{- if and (eq $v.platform.eventBus "kafka") (not .job) }}{{- $backends = append $backends "kafka" }}{{- end }}
{{- if include "cairn.usesMongo" .root }}{{- $backends = append $backends "mongo" }}{{- end }}
{{- if not .job }}
{{- $backends = append $backends (ternary "accounts-jwks" "issuer" (ne (include "cairn.jwksFromAccounts" .root) "")) }}
{{- end }}
{{- if eq .name "search" }}
{{- if eq $v.search.keywordIndex "elasticsearch" }}{{- $backends = append $backends "elasticsearch" }}{{- end }}
{{- if eq $v.search.vectorIndex "qdrant" }}{{- $backends = append $backends "qdrant" }}{{- end }}
{{- end }}
{{- if include "cairn.usesOpenai" . }}{{- $backends = append $backends "openai" }}{{- end }}
{{- if eq .name "accounts" }}
{{- if $v.mail.smtpHost }}{{- $backends = append $backends "smtp" }}{{- end }}
{{- if $v.federation.issuerUrl }}{{- $backends = append $backends "federation" }}{{- end }}
{{- if $v.keycloak.admin.deleteUsers }}{{- $backends = append $backends "issuer" }}{{- end }}
{{- end }}
{{- toJson (uniq $backends) }}
{{- end }}

{{/* The port of a URL (`http://es:9200` -> 9200), else its scheme's: 443 for https, 80 for http. */}}
{{- define "cairn.urlPort" -}}
{{- $url := urlParse . }}
{{- $port := regexFind "[0-9]+$" (regexFind ":[0-9]+$" $url.host) }}
{{- $port | default (ternary "443" "80" (eq $url.scheme "https")) }}
{{- end }}

{{/*
The ports the services' variables name for one backend of networkPolicy.egress, as a JSON list: the
brokers' ports, the URLs' ports. MongoDB's URL is in a Secret and SMTP's port in mail.smtpPort, so
those two have none here. Call with (dict "root" $ "backend" "openai").
*/}}
{{- define "cairn.backendUrlPorts" -}}
{{- $v := .root.Values }}
{{- $urls := list }}
{{- if eq .backend "elasticsearch" }}{{- $urls = list $v.elasticsearch.url }}{{- end }}
{{- if eq .backend "qdrant" }}{{- $urls = list $v.qdrant.url }}{{- end }}
{{- if eq .backend "openai" }}{{- $urls = list $v.openai.baseUrl }}{{- end }}
{{- if eq .backend "federation" }}{{- $urls = list $v.federation.issuerUrl }}{{- end }}
{{- if eq .backend "issuer" }}
{{- if not (include "cairn.jwksFromAccounts" .root) }}{{- $urls = append $urls (include "cairn.authJwksUrl" .root) }}{{- end }}
{{- if $v.keycloak.admin.deleteUsers }}{{- $urls = append $urls ($v.keycloak.internalUrl | default $v.keycloak.url) }}{{- end }}
{{- end }}
{{- $ports := list }}
{{- range compact $urls }}{{- $ports = append $ports (include "cairn.urlPort" . | int) }}{{- end }}
{{- if eq .backend "kafka" }}
{{- range $v.kafka.brokers }}{{- with regexFind "[0-9]+$" . }}{{- $ports = append $ports (int .) }}{{- end }}{{- end }}
{{- end }}
{{- toJson (uniq $ports) }}
{{- end }}

{{/*
One egress rule to a backend of networkPolicy.egress (or `accounts-jwks`): its ports, plus any port the
services' variables name for it that they leave out (an `http://ollama:11434` server is let through).
Call with (dict "root" $ "backend" "mongo").
*/}}
{{- define "cairn.egressRule" -}}
{{- $v := .root.Values }}
{{- if eq .backend "accounts-jwks" }}
{{- $accounts := fromYaml (include "cairn.serviceConfig" (dict "root" .root "name" "accounts")) }}
# accounts' JWKS (auth.mode=local)
- to:
    - podSelector:
        matchLabels:
          {{- include "cairn.selectorLabels" (dict "root" .root "component" "accounts") | nindent 10 }}
  ports:
    - port: {{ $accounts.port | int }}
      protocol: TCP
{{- else }}
{{- $rule := index $v.networkPolicy.egress .backend }}
{{- $ports := $rule.ports }}
{{- if and (eq .backend "smtp") (not $ports) }}{{- $ports = list (dict "port" $v.mail.smtpPort) }}{{- end }}
{{- $listed := list }}
{{- range $ports }}{{- $listed = append $listed (toString .port) }}{{- end }}
{{- range fromJsonArray (include "cairn.backendUrlPorts" .) }}
{{- if not (has (toString .) $listed) }}{{- $ports = append $ports (dict "port" .) }}{{- end }}
{{- end }}
# {{ .backend }}
- {{- with $rule.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  ports:
    {{- range $ports }}
    - port: {{ .port }}
      protocol: {{ .protocol | default "TCP" }}
      {{- with .endPort }}
      endPort: {{ . }}
      {{- end }}
    {{- end }}
{{- end }}
{{- end }}

{{/*
The NetworkPolicy of one workload `<fullname>-<component>`: ingress on `http` from the given peers (none:
no ingress), egress to the given backends and extra rules.
Call with (dict "root" $ "component" "search" "from" $peers "backends" $backends "extra" $rules).
*/}}
{{- define "cairn.networkPolicy" }}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "cairn.componentName" . }}
  labels:
    {{- include "cairn.labels" . | nindent 4 }}
  {{- if .hook }}
  {{- /* A hook Job's policy is a hook before it, so a pre-upgrade Job runs under this release's rules, not the last one's. */}}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-10"
    helm.sh/hook-delete-policy: before-hook-creation
  {{- end }}
spec:
  podSelector:
    matchLabels:
      {{- include "cairn.selectorLabels" . | nindent 6 }}
  policyTypes:
    - Ingress
    - Egress
  {{- with .from }}
  ingress:
    - from:
        {{- toYaml . | nindent 8 }}
      ports:
        - port: http
          protocol: TCP
  {{- end }}
  {{- if or .backends .extra }}
  egress:
    {{- range .backends }}
    {{- include "cairn.egressRule" (dict "root" $.root "backend" .) | trim | nindent 4 }}
    {{- end }}
    {{- with .extra }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
{{- end }}

{{/* Whether search's starter index is built by the hook Job (search.starterIndex.mode=job, search enabled, and indexes the pods share: Elasticsearch, and Qdrant or no embedder; a SQLite index lives in each pod): "true" or "". */}}
{{- define "cairn.starterIndexJob" -}}
{{- $search := fromYaml (include "cairn.serviceConfig" (dict "root" . "name" "search")) }}
{{- $shared := and (eq .Values.search.keywordIndex "elasticsearch") (or (eq .Values.search.vectorIndex "qdrant") (eq .Values.search.embedder "none")) }}
{{- if and $search.enabled $shared (eq ((.Values.search.starterIndex | default dict).mode | default "startup") "job") }}true{{- end }}
{{- end }}
