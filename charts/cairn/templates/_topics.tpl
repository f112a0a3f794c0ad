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
  "user.deleted"
  "user.signed-out"
  "search.requested"
  "search.answered"
) }}
{{- end }}

{{/*
Every topic to create, as a JSON list of {name, retentionMs, deadLetter}: each event topic with
`kafka.topics.retentionMs`, then each `<topic>.dlq` with `kafka.topics.deadLetterRetentionMs`.
*/}}
{{- define "cairn.kafkaTopics" -}}
{{- $t := .Values.kafka.topics }}
{{- $events := fromJsonArray (include "cairn.eventTopics" .) }}
{{- $topics := list }}
{{- range $events }}
{{- $topics = append $topics (dict "name" . "retentionMs" ($t.retentionMs | int64 | toString) "deadLetter" false) }}
{{- end }}
{{- range $events }}
{{- $topics = append $topics (dict "name" (printf "%s.dlq" .) "retentionMs" ($t.deadLetterRetentionMs | int64 | toString) "deadLetter" true) }}
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
