import { baseConfigSchema, portSchema } from '@backtalk/kit';
import { z } from 'zod';

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** Where the built web app lives; the gateway serves it with an SPA fallback. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** How long /api/health waits for each service before calling it down. */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  /** How long a chat reply may stay silent (first fragment, or between fragments) before the relay gives up. */
  CHAT_STREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** Requests per minute one IP address may make to the API. */
  THROTTLE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Guests one IP address may create per minute (a browser creates one per visit). */
  GUEST_CREATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
});
export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
