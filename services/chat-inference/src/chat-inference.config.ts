import { ServiceConfig, baseConfigSchema, booleanFlagSchema, secret } from '@backtalk/kit';
import { z } from 'zod';

const optionalUrl = z.string().url().optional();

export const chatInferenceConfigSchema = baseConfigSchema.extend({
  /** Which LLM answers as the persona. */
  LLM_PROVIDER: z.enum(['local', 'openai', 'anthropic', 'bedrock']).default('local'),
  /** local: a .gguf path or an hf:/https URI (downloaded on first use); others: the provider's model id. */
  LLM_MODEL: z
    .string()
    .min(1)
    .default('hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf'),
  LLM_BASE_URL: optionalUrl,
  OPENAI_API_KEY: secret(z.string().min(1).optional()),
  ANTHROPIC_API_KEY: secret(z.string().min(1).optional()),
  /** Bedrock: a Bedrock API key; otherwise the AWS SDK's usual credential chain is used. */
  BEDROCK_API_KEY: secret(z.string().min(1).optional()),
  AWS_REGION: z.string().min(1).default('us-west-2'),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  /** The longest reply, in tokens. */
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(512),
  /** Tokens the prompt and reply may use together. */
  LLM_CONTEXT_SIZE: z.coerce.number().int().min(256).max(262_144).default(4096),
  /** local: CPU threads (default: all cores but one). */
  LLM_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** Give up when the model sends nothing for this long. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** local: generations that may wait for the model; more are refused with 503 MODEL_BUSY and their allowance given back. */
  LLM_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(16),
  /** local: where models are kept (default: <BACKTALK_DATA_DIR>/models). */
  MODELS_DIR: z.string().min(1).optional(),
  BACKTALK_DATA_DIR: z.string().min(1).default('.backtalk'),
  /** Load the local model at start rather than on the first message. */
  LLM_PRELOAD: booleanFlagSchema.default(true),

  EMBEDDINGS_PROVIDER: z.enum(['none', 'openai', 'ollama', 'bedrock', 'local']).default('none'),
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_BASE_URL: optionalUrl,

  /** Qdrant (cluster and Kubernetes); without it the exact in-process index is used. */
  QDRANT_URL: optionalUrl,
  QDRANT_API_KEY: secret(z.string().min(1).optional()),
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[\w-]+$/)
    .default('backtalk_posts'),

  /** Free-tier messages per window per fan (never sent to the browser). */
  FREE_TIER_MESSAGES: z.coerce.number().int().min(0).max(100_000).default(20),
  FREE_TIER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(86_400),
  /** Free-tier messages per window from one client address (all its guests together; IPv6 per /64). */
  FREE_TIER_MESSAGES_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Replies one fan may have streaming at once, across all replicas. */
  CHAT_MAX_CONCURRENT_REPLIES_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** Which feature-flag environment this deployment reads. */
  FLAG_ENVIRONMENT: z.enum(['development', 'production']).optional(),
});
/** Injected by type: `constructor(private readonly config: ChatInferenceConfig)`. */
export class ChatInferenceConfig extends ServiceConfig(chatInferenceConfigSchema) {}

export function flagEnvironmentOf(config: ChatInferenceConfig): 'development' | 'production' {
  return config.FLAG_ENVIRONMENT ?? (config.NODE_ENV === 'production' ? 'production' : 'development');
}
