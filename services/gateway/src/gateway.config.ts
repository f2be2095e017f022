import { ServiceConfig, baseConfigSchema, portSchema, secret } from '@backtalk/kit';
import net from 'node:net';
import { z } from 'zod';

/** proxy-addr's named ranges, accepted beside literal addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** Comma-separated addresses/CIDRs; empty trusts no proxy, so X-Forwarded-For is ignored. */
const trustedProxiesSchema = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isProxyEntry), {
    message: 'must be comma-separated IP addresses or CIDRs, e.g. "10.0.0.0/8,192.168.1.10"',
  });

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
  /** Requests per minute one client address may make to the API, all routes together. */
  THROTTLE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Guests one client address may create per minute (a browser creates one per visit). */
  GUEST_CREATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Proxies whose X-Forwarded-For is believed (the ingress controller); nobody else's. */
  TRUSTED_PROXIES: trustedProxiesSchema,
  /** Shared throttle counters for every gateway replica; unset keeps them in this process's memory. */
  REDIS_URL: secret(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /** Key prefix of the throttle counters in Redis, so environments can share one Redis. */
  THROTTLE_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('backtalk:throttle'),
});
/** Injected by type: `constructor(private readonly config: GatewayConfig)`. */
export class GatewayConfig extends ServiceConfig(gatewayConfigSchema) {}
