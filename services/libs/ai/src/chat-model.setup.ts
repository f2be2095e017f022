import { secret } from '@backtalk/kit';
import { z } from 'zod';

/**
 * The settings of the chat model, the same in every service that runs it: chat-inference answers
 * as the persona, ingestion writes a persona's essence at initialisation. Each service adds the
 * settings only it uses (the reply length, the essence length, the queue).
 */
export const chatModelConfigShape = {
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
  LLM_BASE_URL: z
    .string()
    .url()
    .optional()
    .meta({ defaultText: 'provider default' })
    .describe('base URL, e.g. `http://localhost:11434/v1` for Ollama'),
  ANTHROPIC_API_KEY: secret(z.string().min(1).optional().describe('the key of the `anthropic` provider')),
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
};

/** The key of the configured chat model provider (the `openai` and `bedrock` keys are shared with embeddings). */
export function chatModelApiKeyOf(config: {
  LLM_PROVIDER: string;
  OPENAI_API_KEY?: string | undefined;
  ANTHROPIC_API_KEY?: string | undefined;
  BEDROCK_API_KEY?: string | undefined;
}): string | undefined {
  if (config.LLM_PROVIDER === 'openai') return config.OPENAI_API_KEY;
  if (config.LLM_PROVIDER === 'anthropic') return config.ANTHROPIC_API_KEY;
  if (config.LLM_PROVIDER === 'bedrock') return config.BEDROCK_API_KEY;
  return undefined;
}
