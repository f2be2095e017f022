import { postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema, booleanFlagSchema, secret } from '@backtalk/kit';
import { z } from 'zod';

const optionalUrl = z.string().url().optional();

export const chatInferenceConfigSchema = baseConfigSchema.extend({
  // The embedding model and the post index, read the same way as ingestion writes them.
  ...postIndexConfigShape,
  LLM_PROVIDER: z
    .enum(['local', 'openai', 'anthropic', 'bedrock'])
    .default('local')
    .describe(
      'which LLM answers as the persona: `local` (GGUF in-process), `openai` (any OpenAI-compatible server), `anthropic` or `bedrock`',
    ),
  LLM_MODEL: z
    .string()
    .min(1)
    .default('hf:bartowski/Qwen2.5-1.5B-Instruct-GGUF/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf')
    .describe(
      "local: a `.gguf` path or an `hf:`/https URI (downloaded on first use); others: the provider's model id",
    ),
  LLM_BASE_URL: optionalUrl
    .meta({ defaultText: 'provider default' })
    .describe('base URL, e.g. `http://localhost:11434/v1` for Ollama'),
  ANTHROPIC_API_KEY: secret(z.string().min(1).optional().describe('the key of the `anthropic` provider')),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7).describe('sampling temperature'),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(512).describe('longest reply, in tokens'),
  LLM_CONTEXT_SIZE: z.coerce
    .number()
    .int()
    .min(256)
    .max(262_144)
    .default(4096)
    .describe("prompt plus reply budget, in tokens (a local model's own limit applies when smaller)"),
  LLM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe('give up when the model sends nothing for this long'),
  LLM_QUEUE_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(16)
    .describe(
      'local model: generations that may wait for it; more are refused at once with `503 MODEL_BUSY` and their allowance given back',
    ),
  LLM_PRELOAD: booleanFlagSchema
    .default(true)
    .describe('load (and download) the local model at start rather than at the first message'),

  FREE_TIER_MESSAGES: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(20)
    .describe('messages a fan may send per window without a subscription (never sent to the browser)'),
  FREE_TIER_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(31_536_000)
    .default(86_400)
    .describe("the free-tier window; it starts at the fan's first message"),
  FREE_TIER_MESSAGES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(100)
    .describe(
      'free-tier messages per window from one client address, all its users together (IPv6 counted per /64); each device gets `FREE_TIER_MESSAGES`',
    ),
  CHAT_MAX_CONCURRENT_REPLIES_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(3)
    .describe(
      'replies one fan may have streaming at once, across all replicas (`429 TOO_MANY_REPLIES` beyond)',
    ),
});
/** Injected by type: `constructor(private readonly config: ChatInferenceConfig)`. */
export class ChatInferenceConfig extends ServiceConfig(chatInferenceConfigSchema) {}
