import { chatModelConfigShape, moderationConfigShape, postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema, booleanFlagSchema } from '@backtalk/kit';
import { z } from 'zod';

export const chatInferenceConfigSchema = baseConfigSchema.extend({
  // The embedding model and the post index, read the same way as ingestion writes them.
  ...postIndexConfigShape,
  // The chat model, configured as ingestion's essence writer is.
  ...chatModelConfigShape,
  // The moderator of fan messages and replies (docs/safety.md, "Moderation").
  ...moderationConfigShape,
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7).describe('sampling temperature'),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(512).describe('longest reply, in tokens'),
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

  // Admission control in front of the send use case (docs/capacity.md, "Sends in a burst").
  CHAT_SEND_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(64)
    .describe(
      "sends this process takes through their first phase at once (the statements before the model is called, and the model's first token); more wait their turn, keeping a burst's database waits short",
    ),
  CHAT_SEND_QUEUE_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(1000)
    .describe(
      'sends that may wait for one of those places; more are refused at once with `503 SERVICE_BUSY` and `Retry-After`, before anything is stored or charged',
    ),
  CHAT_SEND_QUEUE_WAIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(60)
    .describe(
      "longest a send waits for its place before it is refused the same way; keep it below the gateway's `CHAT_STREAM_TIMEOUT_MS`",
    ),

  CREATOR_POSTS_COPY_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(128)
    .describe(
      "cluster mode without Qdrant: approximate memory each process's own copy of creators' posts may use; the creators chatted with least recently are dropped beyond it",
    ),

  CHAT_FACTS_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(30)
    .describe(
      "how long a chat-inference replica answers a send's persona, payment onboarding and subscription from its copy; the owners' announcements drop it sooner, this bounds a missed one",
    ),
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
  MODERATION_REVIEW_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe(
      "days flagged chat content (a fan message moderation held back, a replaced reply's text) is kept for review before retention erases it; the verdict stays",
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

  // Reports and fans' chat standing (docs/safety.md, "Reports").
  MODERATION_COOLDOWN_AFTER_BLOCKS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .describe(
      'fan messages moderation blocks within `MODERATION_COOLDOWN_WINDOW_HOURS` before the fan is cooled down',
    ),
  MODERATION_COOLDOWN_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(24)
    .describe('the window in which blocked fan messages are counted towards a cool-down'),
  MODERATION_COOLDOWN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(43_200)
    .default(60)
    .describe('how long a fan whose messages were repeatedly blocked cannot send (`403 FAN_COOLED_DOWN`)'),
  REPORT_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8760)
    .default(24)
    .describe("how long an admin's cool-down of a reported fan lasts"),
  BOUNDARY_JUDGE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5_000)
    .describe(
      "how long the chat model may take to judge a piece of a reply against the creator's boundaries (moderators without custom categories); no answer by then replaces the reply with the decline",
    ),
});
/** Injected by type: `constructor(private readonly config: ChatInferenceConfig)`. */
export class ChatInferenceConfig extends ServiceConfig(chatInferenceConfigSchema) {}
