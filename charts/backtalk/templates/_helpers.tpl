{{/* Chart name, overridable. */}}
{{- define "backtalk.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Resource name prefix. Service names are appended to it, so it is kept short enough for
"<prefix>-chat-inference-migrate" to stay within 63 characters.
*/}}
{{- define "backtalk.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "backtalk.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels on every object. */}}
{{- define "backtalk.labels" -}}
helm.sh/chart: {{ include "backtalk.chart" . }}
{{ include "backtalk.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: backtalk
{{- end }}

{{- define "backtalk.selectorLabels" -}}
app.kubernetes.io/name: {{ include "backtalk.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Labels of one service's objects; call with (dict "root" $ "name" "gateway"). */}}
{{- define "backtalk.componentLabels" -}}
{{ include "backtalk.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "backtalk.componentSelectorLabels" -}}
{{ include "backtalk.selectorLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/*
Deep-merges .src into .dst in place. Sprig's mergeOverwrite is not used because it
ignores false and 0 in the overriding map, which would make "enabled: false" impossible.
*/}}
{{- define "backtalk.mergeInto" -}}
{{- $dst := .dst }}
{{- range $key, $value := .src }}
{{- $current := index $dst $key }}
{{- if and (kindIs "map" $value) (kindIs "map" $current) }}
{{- include "backtalk.mergeInto" (dict "dst" $current "src" $value) }}
{{- else }}
{{- $_ := set $dst $key $value }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Each service's effective settings: serviceDefaults overlaid with services.<name>.
Computed once per render and kept on the root context, because a named template can only
return text and a fromYaml round trip would turn integers into floats. Templates call
  {{- include "backtalk.ensureServices" $ }}
and then range over $.Values.__services.
*/}}
{{- define "backtalk.ensureServices" -}}
{{- if not (hasKey .Values "__services") }}
{{- $all := dict }}
{{- range $name := list "gateway" "identity" "creators" "ingestion" "chat-inference" "billing" "feature-flags" }}
{{- $merged := deepCopy $.Values.serviceDefaults }}
{{- include "backtalk.mergeInto" (dict "dst" $merged "src" (deepCopy (index $.Values.services $name | default dict))) }}
{{- $_ := set $merged "name" $name }}
{{- $_ := set $all $name $merged }}
{{- end }}
{{- $_ := set .Values "__services" $all }}
{{- end }}
{{- end }}

{{/* Image reference of one service; call with (dict "root" $ "svc" $svc). */}}
{{- define "backtalk.image" -}}
{{- $img := .root.Values.image }}
{{- $repo := .svc.image.repository }}
{{- if not $repo }}
{{- $repo = printf "%s%s" $img.repositoryPrefix .svc.name }}
{{- if $img.registry }}
{{- $repo = printf "%s/%s" (trimSuffix "/" $img.registry) $repo }}
{{- end }}
{{- end }}
{{- $tag := .svc.image.tag | default $img.tag | default .root.Chart.AppVersion }}
{{- printf "%s:%s" $repo $tag }}
{{- end }}

{{/* The port of a service's probes and /metrics: the gateway keeps them off its public port. */}}
{{- define "backtalk.internalPortName" -}}
{{- if eq .name "gateway" }}internal{{ else }}http{{ end }}
{{- end }}

{{- define "backtalk.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "backtalk.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "backtalk.secretName" -}}
{{- .svc.existingSecret | default .root.Values.secrets.existingSecret }}
{{- end }}

{{/*
Plain settings of one service as a flat NAME: "value" map (YAML). Each service gets only
the variables it reads; empty values are left out so the service's own default applies.
Call with (dict "root" $ "svc" $svc).
*/}}
{{- define "backtalk.configEnv" -}}
{{- $v := .root.Values }}
{{- $c := $v.config }}
{{- $name := .svc.name }}
{{- $env := dict
  "BACKTALK_MODE" "cluster"
  "NODE_ENV" $c.nodeEnv
  "LOG_LEVEL" $c.logLevel
  "NATS_URL" $v.nats.url
  "NATS_USER" $name
  "REQUEST_TIMEOUT_MS" (toString (int64 $c.requestTimeoutMs))
}}
{{- /* The service's own drain must end before Kubernetes kills the pod: leave the preStop
       pause and a 5 s margin out of the grace period (the kit accepts up to 120 s). */}}
{{- $drainSeconds := sub (sub (int .svc.terminationGracePeriodSeconds) (int .svc.preStopSleepSeconds)) 5 }}
{{- $_ := set $env "SHUTDOWN_GRACE_MS" (toString (min 120000 (mul (max 1 $drainSeconds) 1000))) }}
{{- if eq $name "gateway" }}
{{- $_ := set $env "PORT" (toString (int64 $c.httpPort)) }}
{{- /* Probes and metrics answer only on this internal port, never on the public one. */}}
{{- $_ := set $env "HTTP_PORT" (toString (int64 $c.gateway.internalPort)) }}
{{- $_ := set $env "TRUSTED_PROXIES" $c.gateway.trustedProxies }}
{{- $_ := set $env "THROTTLE_PER_MINUTE" (toString (int64 $c.gateway.throttlePerMinute)) }}
{{- $_ := set $env "GUEST_CREATIONS_PER_MINUTE" (toString (int64 $c.gateway.guestCreationsPerMinute)) }}
{{- $_ := set $env "PUBLIC_URL" $c.publicUrl }}
{{- $_ := set $env "DEVELOPER_PAGE_HOSTS" $c.devHosts }}
{{- else }}
{{- $_ := set $env "HTTP_PORT" (toString (int64 $c.httpPort)) }}
{{- end }}
{{- if eq $name "identity" }}
{{- $_ := set $env "PUBLIC_URL" $c.publicUrl }}
{{- end }}
{{- if has $name (list "chat-inference" "ingestion") }}
{{- $_ := set $env "LLM_PROVIDER" $c.llm.provider }}
{{- $_ := set $env "LLM_MODEL" $c.llm.model }}
{{- $_ := set $env "LLM_BASE_URL" $c.llm.baseUrl }}
{{- $_ := set $env "EMBEDDINGS_PROVIDER" $c.embeddings.provider }}
{{- $_ := set $env "EMBEDDINGS_MODEL" $c.embeddings.model }}
{{- $_ := set $env "AWS_REGION" $c.aws.region }}
{{- $_ := set $env "QDRANT_URL" $v.qdrant.url }}
{{- end }}
{{- if eq $name "chat-inference" }}
{{- /* Always set: chat-inference has no moderator by default in a cluster and refuses to start without one. */}}
{{- $_ := set $env "MODERATION_PROVIDER" $c.moderation.provider }}
{{- $_ := set $env "MODERATION_BASE_URL" $c.moderation.baseUrl }}
{{- $_ := set $env "MODERATION_MODEL" $c.moderation.model }}
{{- $_ := set $env "MODERATION_FAILURE" $c.moderation.failure }}
{{- $_ := set $env "FREE_TIER_MESSAGES" (toString (int64 $c.freeTier.messages)) }}
{{- $_ := set $env "FREE_TIER_WINDOW_SECONDS" (toString (int64 $c.freeTier.windowSeconds)) }}
{{- $_ := set $env "FREE_TIER_MESSAGES_PER_ADDRESS" (toString (int64 $c.freeTier.messagesPerAddress)) }}
{{- $_ := set $env "CHAT_MAX_CONCURRENT_REPLIES_PER_USER" (toString (int64 $c.chat.maxConcurrentRepliesPerUser)) }}
{{- $_ := set $env "CHAT_FACTS_TTL_SECONDS" (toString (int64 $c.chat.factsTtlSeconds)) }}
{{- end }}
{{- if eq $name "ingestion" }}
{{- $_ := set $env "OBJECT_STORAGE" $v.storage.driver }}
{{- $_ := set $env "S3_ENDPOINT" $v.storage.s3.endpoint }}
{{- $_ := set $env "S3_BUCKET" $v.storage.s3.bucket }}
{{- $_ := set $env "S3_REGION" $v.storage.s3.region }}
{{- end }}
{{- if eq $name "identity" }}
{{- $_ := set $env "MFA_REQUIRED" (toString $c.auth.mfaRequired) }}
{{- $_ := set $env "PASSKEYS_ENABLED" (toString $c.auth.passkeys.enabled) }}
{{- $_ := set $env "PASSKEY_ORIGIN" $c.auth.passkeys.origin }}
{{- $_ := set $env "PASSKEY_RP_ID" $c.auth.passkeys.rpId }}
{{- $_ := set $env "PASSKEY_CHALLENGE_TTL_SECONDS" (toString (int64 $c.auth.passkeys.challengeTtlSeconds)) }}
{{- end }}
{{- if eq $name "billing" }}
{{- $_ := set $env "PLATFORM_FEE_PERCENT" (toString $c.billing.platformFeePercent) }}
{{- end }}
{{- range $key, $value := .svc.env }}
{{- $_ := set $env $key $value }}
{{- end }}
{{- range $key, $value := $env }}
{{- if ne (toString $value) "" }}
{{ $key }}: {{ toString $value | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Keys of the existing Secret each service reads, with whether the pod may start without it.
*/}}
{{- define "backtalk.secretKeys" -}}
{{- $name := .svc.name }}
{{- $keys := dict "DATABASE_URL" false }}
{{- if eq $name "gateway" }}
{{- $_ := set $keys "STRIPE_WEBHOOK_SECRET" true }}
{{- /* Shared throttle counters; without it each replica counts alone. */}}
{{- $_ := set $keys "REDIS_URL" true }}
{{- end }}
{{- if eq $name "identity" }}
{{- /* Without it identity generates a key and keeps it in its database. */}}
{{- $_ := set $keys "JWT_PRIVATE_KEY" true }}
{{- /* Encrypts that stored key; identity refuses to start with neither this nor JWT_PRIVATE_KEY. */}}
{{- $_ := set $keys "JWT_KEY_ENCRYPTION_KEY" true }}
{{- $_ := set $keys "JWT_KEY_ENCRYPTION_PREVIOUS_KEYS" true }}
{{- $_ := set $keys "SMTP_URL" true }}
{{- /* SMS codes (SMS_PROVIDER twilio or sns, docs/architecture.md "SMS"): the Twilio account, and AWS keys for SNS without an IAM role. */}}
{{- range $k := list "TWILIO_ACCOUNT_SID" "TWILIO_AUTH_TOKEN" "AWS_ACCESS_KEY_ID" "AWS_SECRET_ACCESS_KEY" }}
{{- $_ := set $keys $k true }}
{{- end }}
{{- /* Brute-force counters shared by the replicas; without it they live in PostgreSQL. */}}
{{- $_ := set $keys "REDIS_URL" true }}
{{- /* OAuth sign-in: each provider is enabled by its keys being present (docs/architecture.md, "OAuth sign-in"). */}}
{{- range $k := list "OAUTH_GOOGLE_CLIENT_ID" "OAUTH_GOOGLE_CLIENT_SECRET" "OAUTH_APPLE_CLIENT_ID" "OAUTH_APPLE_TEAM_ID" "OAUTH_APPLE_KEY_ID" "OAUTH_APPLE_PRIVATE_KEY" "OAUTH_AMAZON_CLIENT_ID" "OAUTH_AMAZON_CLIENT_SECRET" "OAUTH_FACEBOOK_CLIENT_ID" "OAUTH_FACEBOOK_CLIENT_SECRET" }}
{{- $_ := set $keys $k true }}
{{- end }}
{{- end }}
{{- if has $name (list "chat-inference" "ingestion") }}
{{- range $k := list "OPENAI_API_KEY" "ANTHROPIC_API_KEY" "AWS_ACCESS_KEY_ID" "AWS_SECRET_ACCESS_KEY" "QDRANT_API_KEY" }}
{{- $_ := set $keys $k true }}
{{- end }}
{{- end }}
{{- if eq $name "chat-inference" }}
{{- /* The moderator's own key; openai at OpenAI's own endpoint falls back to OPENAI_API_KEY. */}}
{{- $_ := set $keys "MODERATION_API_KEY" true }}
{{- end }}
{{- if eq $name "ingestion" }}
{{- $_ := set $keys "S3_ACCESS_KEY_ID" true }}
{{- $_ := set $keys "S3_SECRET_ACCESS_KEY" true }}
{{- /* The TikTok API content provider is on when both are present (docs/creators.md). */}}
{{- $_ := set $keys "TIKTOK_CLIENT_KEY" true }}
{{- $_ := set $keys "TIKTOK_CLIENT_SECRET" true }}
{{- end }}
{{- if eq $name "billing" }}
{{- $_ := set $keys "STRIPE_SECRET_KEY" true }}
{{- end }}
{{- toYaml $keys }}
{{- end }}

{{/* env entries reading the service's secrets; call with (dict "root" $ "svc" $svc). */}}
{{- define "backtalk.secretEnv" -}}
{{- $secret := include "backtalk.secretName" . }}
{{- range $key, $optional := include "backtalk.secretKeys" . | fromYaml }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $key }}
      {{- if $optional }}
      optional: true
      {{- end }}
{{- end }}
{{- /* Each service's own NATS password (docs/security.md, 7.13); the NATS server reads the same keys. */}}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.nats.auth.existingSecret }}
      key: {{ include "backtalk.natsPasswordKey" .svc.name }}
{{- end }}

{{/* NATS_PASSWORD_<SERVICE>: the Secret key, and the variable the NATS server's authorization block reads. */}}
{{- define "backtalk.natsPasswordKey" -}}
NATS_PASSWORD_{{ . | upper | replace "-" "_" }}
{{- end }}

{{/* Pod-level settings shared by Deployments and migration Jobs. */}}
{{- define "backtalk.podCommon" -}}
{{- with .root.Values.image.pullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .svc.podSecurityContext | nindent 2 }}
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
{{- end }}

{{/*
One NetworkPolicy egress rule: (dict "ports" list "to" peers ["protocols" list]).
An empty "to" leaves the destination open and restricts the ports only.
*/}}
{{- define "backtalk.egressRule" -}}
- ports:
    {{- range $port := .ports }}
    {{- range $protocol := ($.protocols | default (list "TCP")) }}
    - port: {{ $port | int }}
      protocol: {{ $protocol }}
    {{- end }}
    {{- end }}
  {{- with .to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
