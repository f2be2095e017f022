import { secret } from '@backtalk/kit';
import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { createChatModel } from '../llm/chat-model.factory';
import { LlmConfigError } from '../llm/llm.error';
import { BedrockGuardrailProvider } from './bedrock-guardrail.provider';
import { LlamaGuardProvider } from './llama-guard.provider';
import { LocalLlamaGuardProvider } from './local-llama-guard.provider';
import type { ModerationProvider, Moderator } from './moderation.port';
import { type ModerationFailurePolicy, PolicyModerator } from './moderator';
import { OpenAiModerationProvider } from './openai-moderation.provider';

const MODERATION_PROVIDERS = ['openai', 'llama-guard', 'local', 'bedrock', 'none'] as const;

/** What a service that moderates says when MODERATION_PROVIDER is missing (loadConfig names the variable). */
export const MODERATION_PROVIDER_REQUIRED =
  'is required: choose `openai`, `llama-guard`, `local`, `bedrock` or `none` (`none` means the always-on floor alone — crisis signals, sexual talk involving minors, profanity to minors — with no moderator above it; docs/safety.md)';

/** The moderation settings (docs/safety.md, "Moderation"), in every service that moderates. */
export const moderationConfigShape = {
  // No default: a cluster that forgets it must not start with the floor alone (issue 22 item 1:
  // `none` only when chosen). Standalone's launcher sets `local` (standaloneServiceDefaults).
  MODERATION_PROVIDER: z
    .enum(MODERATION_PROVIDERS, {
      error: (issue) => (issue.input === undefined ? MODERATION_PROVIDER_REQUIRED : undefined),
    })
    .meta({ defaultText: 'required in cluster mode; `local` in standalone' })
    .describe(
      'who checks fan messages and replies above the always-on floor: `openai` (a `/moderations` API), `llama-guard` (a Llama Guard 3 model behind an OpenAI-compatible chat endpoint), `local` (Llama Guard in-process, GGUF downloaded on first use; until it can be had, `MODERATION_FAILURE` decides), `bedrock` (an Amazon Bedrock guardrail) or `none` (the floor alone, chosen explicitly; a start-up warning says so)',
    ),
  MODERATION_BASE_URL: z
    .string()
    .url()
    .optional()
    .meta({ defaultText: '`https://api.openai.com/v1` (openai)' })
    .describe(
      "base URL of the `openai` or `llama-guard` moderator, ending in /v1; for `bedrock`, an endpoint other than the region's",
    ),
  MODERATION_MODEL: z
    .string()
    .min(1)
    .optional()
    .meta({
      defaultText:
        '`omni-moderation-latest` (openai), `llama-guard3:1b` (llama-guard), `hf:QuantFactory/Llama-Guard-3-1B-GGUF/Llama-Guard-3-1B.Q4_K_M.gguf` (local)',
    })
    .describe("the moderator's model"),
  MODERATION_API_KEY: secret(
    z
      .string()
      .min(1)
      .optional()
      .describe(
        "the key of the `openai` or `llama-guard` moderator (`openai` at OpenAI's own endpoint, without `MODERATION_BASE_URL`, falls back to `OPENAI_API_KEY`); for `bedrock`, a Bedrock API key (else the AWS credential chain)",
      ),
  ),
  MODERATION_REGION: z.string().min(1).optional().describe('bedrock: the AWS region of the guardrail'),
  MODERATION_GUARDRAIL_ID: z
    .string()
    .min(1)
    .optional()
    .describe('bedrock: the guardrail identifier (id or ARN) ApplyGuardrail checks with'),
  MODERATION_GUARDRAIL_VERSION: z
    .string()
    .regex(/^(?:[1-9][0-9]{0,7}|DRAFT)$/)
    .default('DRAFT')
    .describe('bedrock: the guardrail version, a number or `DRAFT`'),
  MODERATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(3_000)
    .describe('a check the moderator has not answered by then counts as the moderator failing'),
  MODERATION_FAILURE: z
    .enum(['block', 'floor-only'])
    .default('block')
    .describe(
      'when the moderator fails: `block` the text, or let the floor alone decide (`floor-only`); for fans under 18 it always blocks',
    ),
  MODERATION_MINOR_THRESHOLD: z.coerce
    .number()
    .min(0.01)
    .max(1)
    .default(0.2)
    .describe(
      "openai: a minor's text is flagged from this category score on (stricter than the provider's own flag)",
    ),
};

export interface ModerationConfig {
  MODERATION_PROVIDER: (typeof MODERATION_PROVIDERS)[number];
  MODERATION_BASE_URL?: string | undefined;
  MODERATION_MODEL?: string | undefined;
  MODERATION_API_KEY?: string | undefined;
  /** The chat model's OpenAI key, which `openai` uses at OpenAI's own endpoint when MODERATION_API_KEY is unset. */
  OPENAI_API_KEY?: string | undefined;
  MODERATION_TIMEOUT_MS: number;
  MODERATION_FAILURE: ModerationFailurePolicy;
  MODERATION_MINOR_THRESHOLD: number;
  MODERATION_REGION?: string | undefined;
  MODERATION_GUARDRAIL_ID?: string | undefined;
  MODERATION_GUARDRAIL_VERSION?: string | undefined;
}

const LOCAL_LLAMA_GUARD = 'hf:QuantFactory/Llama-Guard-3-1B-GGUF/Llama-Guard-3-1B.Q4_K_M.gguf';

/** What the failure policy does meanwhile, in the one warning of a local model that cannot be had. */
function meanwhile(config: ModerationConfig): string {
  return config.MODERATION_FAILURE === 'block'
    ? 'every fan message and reply is blocked (MODERATION_FAILURE=block)'
    : "the floor alone checks adults' messages and replies, and minors' are blocked (MODERATION_FAILURE=floor-only)";
}

function localGuard(
  config: ModerationConfig,
  modelsDir: string,
  log: ModerationLog,
): LocalLlamaGuardProvider {
  const model = config.MODERATION_MODEL ?? LOCAL_LLAMA_GUARD;
  let lastProgress = 0;
  return new LocalLlamaGuardProvider({
    model,
    modelsDir,
    onDownloadProgress: ({ downloadedBytes, totalBytes }) => {
      if (Date.now() - lastProgress < 5_000) return;
      lastProgress = Date.now();
      const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
      log.log(
        `Downloading the moderation model ${model}: ${mb(downloadedBytes)}${totalBytes ? ` / ${mb(totalBytes)}` : ''} MB`,
      );
    },
    onUnavailable: (message, retryAt) =>
      log.warn(
        `MODERATION_PROVIDER=local: the moderation model is unavailable (${message}); until it is, ${meanwhile(config)}. Next try at ${retryAt.toISOString()}; or put the file in ${modelsDir}, set MODERATION_MODEL, or choose another MODERATION_PROVIDER (docs/safety.md)`,
      ),
    onReady: () => log.log(`The moderation model ${model} is ready`),
  });
}

/**
 * The key the `openai` moderator sends: MODERATION_API_KEY, else — at OpenAI's own endpoint only
 * (no MODERATION_BASE_URL) — the OPENAI_API_KEY the chat model uses, so a deployment on OpenAI
 * needs one key. Another server never gets OPENAI_API_KEY.
 */
export function openAiModerationKey(config: ModerationConfig): string | undefined {
  return config.MODERATION_API_KEY ?? (config.MODERATION_BASE_URL ? undefined : config.OPENAI_API_KEY);
}

/** Where the moderation set-up reports a local model's download, failure and readiness. */
export interface ModerationLog {
  log(line: string): void;
  warn(line: string): void;
}

function providerOf(
  config: ModerationConfig,
  modelsDir: string,
  log: ModerationLog,
): ModerationProvider | null {
  switch (config.MODERATION_PROVIDER) {
    case 'openai':
      // The chart's and compose's default: without a key OpenAI refuses every check.
      if (!config.MODERATION_BASE_URL && !openAiModerationKey(config))
        log.warn(
          `MODERATION_PROVIDER=openai at OpenAI's own endpoint has no key (MODERATION_API_KEY or OPENAI_API_KEY), so every check will fail and ${meanwhile(config)}; set a key, MODERATION_BASE_URL, or another MODERATION_PROVIDER (docs/safety.md)`,
        );
      return new OpenAiModerationProvider({
        baseUrl: config.MODERATION_BASE_URL ?? 'https://api.openai.com/v1',
        model: config.MODERATION_MODEL ?? 'omni-moderation-latest',
        apiKey: openAiModerationKey(config),
        minorThreshold: config.MODERATION_MINOR_THRESHOLD,
      });
    case 'llama-guard':
      return new LlamaGuardProvider(
        'llama-guard',
        createChatModel({
          provider: 'openai',
          model: config.MODERATION_MODEL ?? 'llama-guard3:1b',
          baseUrl: config.MODERATION_BASE_URL,
          apiKey: config.MODERATION_API_KEY ?? 'none',
          temperature: 0,
          maxTokens: 20,
          modelsDir,
          timeoutMs: config.MODERATION_TIMEOUT_MS,
          maxRetries: 0,
        }),
      );
    case 'local':
      return localGuard(config, modelsDir, log);
    case 'bedrock':
      if (!config.MODERATION_REGION || !config.MODERATION_GUARDRAIL_ID)
        throw new LlmConfigError(
          'MODERATION_PROVIDER=bedrock needs MODERATION_REGION and MODERATION_GUARDRAIL_ID',
          { provider: 'bedrock' },
        );
      return new BedrockGuardrailProvider({
        region: config.MODERATION_REGION,
        guardrailId: config.MODERATION_GUARDRAIL_ID,
        guardrailVersion: config.MODERATION_GUARDRAIL_VERSION ?? 'DRAFT',
        endpoint: config.MODERATION_BASE_URL,
        apiKey: config.MODERATION_API_KEY,
      });
    case 'none':
      return null;
  }
}

/** The configured moderator: the floor always, the provider above it, the failure policy. */
export function createModerator(
  config: ModerationConfig,
  modelsDir: string,
  log: ModerationLog = new Logger('Moderation'),
): Moderator {
  return new PolicyModerator(providerOf(config, modelsDir, log), {
    timeoutMs: config.MODERATION_TIMEOUT_MS,
    failurePolicy: config.MODERATION_FAILURE,
  });
}
