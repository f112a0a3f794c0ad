{{/*
Cairn's Kafka topics, for the topic Job and the Strimzi KafkaTopics.
*/}}

{{/*
The event topics: `allTopics` of services/shared/contracts/src/topics.ts, as a JSON list. chart.spec.ts
fails when the two differ.
*/}}
{{- define "cairn.eventTopics" -}}
{{- toJson (list
  "upload.extracted"
  "upload.generated"
  "upload.regeneration-requested"
  "protocol.regeneration-requested"
  "protocol.regenerated"
  "protocol.approved"
  "protocol.updated"
  "protocol.deleted"
  "protocol.published"
  "protocol.unpublished"
  "user.deleted"
  "user.signed-out"
  "search.requested"
  "search.answered"
) }}
{{- end }}

{{/*
Every topic to create, as a JSON list of {name, topicName, retentionMs, deadLetter}: each event topic with
`kafka.topics.retentionMs`, then each `<topic>.dlq` with `kafka.topics.deadLetterRetentionMs`. `name` is
the topic of the contracts, `topicName` the one on the brokers (with kafka.topicPrefix).
*/}}
{{- define "cairn.kafkaTopics" -}}
{{- $t := .Values.kafka.topics }}
{{- $events := fromJsonArray (include "cairn.eventTopics" .) }}
{{- $topics := list }}
{{- range $events }}
{{- $topics = append $topics (dict "name" . "topicName" (printf "%s%s" $.Values.kafka.topicPrefix .) "retentionMs" ($t.retentionMs | int64 | toString) "deadLetter" false) }}
{{- end }}
{{- range $events }}
{{- $topics = append $topics (dict "name" (printf "%s.dlq" .) "topicName" (printf "%s%s.dlq" $.Values.kafka.topicPrefix .) "retentionMs" ($t.deadLetterRetentionMs | int64 | toString) "deadLetter" true) }}
{{- end }}
{{- toJson $topics }}
{{- end }}

{{/* `kafka.topics.config` as a JSON list of `name=value`, sorted by name (whole numbers stay whole). */}}
{{- define "cairn.kafkaTopicConfig" -}}
{{- $config := .Values.kafka.topics.config }}
{{- $pairs := list }}
{{- range $name := keys $config | sortAlpha }}
{{- $value := index $config $name }}
{{- if and (kindIs "float64" $value) (eq (float64 (int64 $value)) $value) }}
{{- $value = int64 $value }}
{{- end }}
{{- $pairs = append $pairs (printf "%s=%v" $name $value) }}
{{- end }}
{{- toJson $pairs }}
{{- end }}

{{/*
Who publishes and who consumes what, per service, as YAML (use with fromYaml). Read from the services'
publish and subscribe sites (services/<name>/src and the shared platform); chart.spec.ts fails when the
code and this map differ. `groups` are the service's consumer groups: `prefix: true` covers the groups
whose names are made at run time (`<name><uuid>`); `scale: true` marks the group whose lag measures the
service's work (the KEDA trigger). Every service also consumes user.deleted and user.signed-out in
`<service>.sessions` (durable) and `<service>.sessions.<uuid>` (one per pod), which
cairn.eventFlows adds.
*/}}
{{- define "cairn.serviceEventFlows" -}}
search:
  publishes: [search.answered]
  groups:
    - name: search
      scale: true
      topics: [protocol.approved, protocol.deleted, protocol.published, protocol.unpublished, protocol.updated, search.requested, user.deleted]
generation:
  publishes: [protocol.regenerated, search.requested, upload.generated]
  groups:
    - name: generation
      scale: true
      topics: [protocol.regeneration-requested, upload.extracted, upload.regeneration-requested]
    # The replies to its context searches, read by each pod in a group of its own.
    - name: search.answered-
      prefix: true
      topics: [search.answered]
conversations:
  publishes: []
  groups:
    - name: conversations
      scale: true
      topics: [user.deleted]
saved-protocols:
  publishes: []
  groups:
    - name: saved-protocols
      scale: true
      topics: [user.deleted]
uploads:
  publishes: [protocol.approved, protocol.deleted, protocol.published, protocol.regeneration-requested, protocol.unpublished, protocol.updated, upload.extracted, upload.regeneration-requested]
  groups:
    - name: uploads
      scale: true
      topics: [protocol.regenerated, upload.generated, user.deleted]
accounts:
  publishes: [user.deleted, user.signed-out]
  groups:
    - name: accounts.erasure
      scale: true
      topics: [user.deleted]
{{- end }}

{{/*
cairn.serviceEventFlows with the ended-sessions groups every service has, as YAML (use with fromYaml).
*/}}
{{- define "cairn.eventFlows" -}}
{{- $flows := fromYaml (include "cairn.serviceEventFlows" .) }}
{{- range $name, $flow := $flows }}
{{- $_ := set $flow "groups" (append $flow.groups (dict "name" (printf "%s.sessions" $name) "prefix" true "topics" (list "user.deleted" "user.signed-out"))) }}
{{- end }}
{{- toYaml $flows }}
{{- end }}

{{/* A topic name with kafka.topicPrefix (KAFKA_TOPIC_PREFIX), as the brokers know it. Call with (dict "root" $ "topic" "user.deleted"). */}}
{{- define "cairn.topicName" -}}
{{- printf "%s%s" .root.Values.kafka.topicPrefix .topic }}
{{- end }}

{{/*
The Strimzi simple-authorization ACLs of one service's KafkaUser, as a JSON list: Write and Describe on
the topics it publishes; Read and Describe on the topics it consumes; Write and Describe on their `.dlq`
topics (a consumer that gives up on an event copies it there); Read on its consumer groups. Every name
carries kafka.topicPrefix. Call with (dict "root" $ "name" "search").
*/}}
{{- define "cairn.kafkaUserAcls" -}}
{{- $root := .root }}
{{- $flow := index (fromYaml (include "cairn.eventFlows" $root)) .name }}
{{- $topics := dict }}
{{- range $flow.publishes }}
{{- $_ := set $topics . (uniq (concat (get $topics . | default list) (list "Describe" "Write"))) }}
{{- end }}
{{- range $group := $flow.groups }}
{{- range $group.topics }}
{{- $_ := set $topics . (uniq (concat (get $topics . | default list) (list "Describe" "Read"))) }}
{{- $dlq := printf "%s.dlq" . }}
{{- $_ := set $topics $dlq (uniq (concat (get $topics $dlq | default list) (list "Describe" "Write"))) }}
{{- end }}
{{- end }}
{{- $acls := list }}
{{- range $topic := keys $topics | sortAlpha }}
{{- $resource := dict "type" "topic" "name" (include "cairn.topicName" (dict "root" $root "topic" $topic)) "patternType" "literal" }}
{{- $acls = append $acls (dict "resource" $resource "operations" (index $topics $topic | sortAlpha)) }}
{{- end }}
{{- range $group := $flow.groups }}
{{- $resource := dict "type" "group" "name" (include "cairn.topicName" (dict "root" $root "topic" $group.name)) "patternType" (ternary "prefix" "literal" ($group.prefix | default false)) }}
{{- $acls = append $acls (dict "resource" $resource "operations" (list "Read")) }}
{{- end }}
{{- toJson $acls }}
{{- end }}

{{/*
The ACLs of the topic Job's KafkaUser, as a JSON list: on every topic it makes (cairn.kafkaTopics), the
rights `kafka-topics.sh --list/--create` and `kafka-configs.sh --alter` need.
*/}}
{{- define "cairn.topicJobAcls" -}}
{{- $root := . }}
{{- $acls := list }}
{{- range $topic := fromJsonArray (include "cairn.kafkaTopics" .) }}
{{- $resource := dict "type" "topic" "name" $topic.topicName "patternType" "literal" }}
{{- $acls = append $acls (dict "resource" $resource "operations" (list "AlterConfigs" "Create" "Describe" "DescribeConfigs")) }}
{{- end }}
{{- toJson $acls }}
{{- end }}

{{/* Name of a service's KafkaUser, which is also its SCRAM user name, its certificate's CN and its Secret: `<fullname>-<service>`. Call with (dict "root" $ "name" "search"). */}}
{{- define "cairn.kafkaUserName" -}}
{{- include "cairn.componentName" (dict "root" .root "component" .name) }}
{{- end }}

{{/* `strimzi.io/cluster` of the KafkaUsers: kafka.users.cluster, else kafka.topics.strimzi.cluster. */}}
{{- define "cairn.kafkaUserCluster" -}}
{{- .Values.kafka.users.cluster | default .Values.kafka.topics.strimzi.cluster }}
{{- end }}

{{/*
A Strimzi KafkaUser `<fullname>-<component>` with simple authorization and the given ACLs; `hook` makes
it a pre-install/pre-upgrade hook (for the topic Job).
Call with (dict "root" $ "component" "search" "acls" $acls) (+ "hook" true).
*/}}
{{- define "cairn.kafkaUser" }}
{{- $users := .root.Values.kafka.users }}
apiVersion: {{ .root.Values.kafka.strimziApiVersion }}
kind: KafkaUser
metadata:
  name: {{ include "cairn.componentName" . }}
  {{- with $users.namespace }}
  namespace: {{ . }}
  {{- end }}
  labels:
    {{- include "cairn.labels" . | nindent 4 }}
    strimzi.io/cluster: {{ required "kafka.users.cluster (or kafka.topics.strimzi.cluster), the name of the Kafka resource, is required with kafka.users.enabled" (include "cairn.kafkaUserCluster" .root) }}
  {{- if .hook }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "-10"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
  {{- end }}
spec:
  authentication:
    type: {{ $users.authentication }}
  authorization:
    type: simple
    acls:
      {{- range .acls }}
      - resource:
          type: {{ .resource.type }}
          name: {{ .resource.name | quote }}
          patternType: {{ .resource.patternType }}
        operations:
          {{- range .operations }}
          - {{ . }}
          {{- end }}
        host: "*"
      {{- end }}
  {{- with $users.quotas }}
  quotas:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
