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

/** A comma-separated list, blanks dropped; unset is empty. */
const commaSeparatedSchema = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** Comma-separated addresses/CIDRs; empty trusts no proxy, so X-Forwarded-For is ignored. */
const trustedProxiesSchema = commaSeparatedSchema.refine((entries) => entries.every(isProxyEntry), {
  message: 'must be comma-separated IP addresses or CIDRs, e.g. "10.0.0.0/8,192.168.1.10"',
});

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: portSchema.default(3000).describe('HTTP port of the API and web app'),
  HOST: z.string().min(1).default('0.0.0.0').describe('address the gateway listens on'),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'the public address, when behind a proxy. OAuth sign-in builds its redirect URI from it (`<PUBLIC_URL>/api/auth/oauth/<provider>/callback`, registered at each provider) and needs it everywhere but on localhost',
    ),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({ defaultText: '`web/dist`' })
    .describe('the built web app, served with an SPA fallback'),
  HEALTH_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30_000)
    .default(2000)
    .describe('how long `/api/health` waits for each service before calling it down'),
  CHAT_STREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(120_000)
    .describe(
      'how long a chat reply may stay silent (first fragment, or between fragments) before the relay gives up',
    ),
  THROTTLE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(600)
    .describe(
      'API requests per minute per client address, all `/api` routes together (429 with `Retry-After` over it)',
    ),
  GUEST_CREATIONS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(20)
    .describe('guests one client address may create per minute (a browser creates one per visit)'),
  TRUSTED_PROXIES: trustedProxiesSchema.describe(
    'comma-separated addresses/CIDRs of the proxies in front of the gateway (e.g. the ingress controller); only their `X-Forwarded-For`/`X-Forwarded-Proto` is believed. Empty: the connecting peer is the client',
  ),
  REDIS_URL: secret(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional()
      .describe(
        "`redis://` or `rediss://` server holding the shared counters — the gateway's throttles and identity's brute-force limits (failed sign-ins, code emails) — so every replica sees the same counts; unset, the gateway counts in its own memory and identity in its PostgreSQL schema",
      ),
  ),
  STRIPE_WEBHOOK_SECRET: secret(
    commaSeparatedSchema
      .refine((entries) => entries.every((entry) => /^whsec_\w+$/.test(entry)), {
        message: 'must be Stripe webhook signing secrets (whsec_…), comma-separated',
      })
      .meta({ defaultText: 'unset: `POST /api/stripe/webhook` answers that payments are not configured' })
      .describe(
        "the signing secret(s) of the Stripe webhook endpoint(s) pointing at `/api/stripe/webhook`, comma-separated (the account endpoint's and the Connect endpoint's differ; `stripe listen` prints one). Events whose signature matches none, or is older than 300 s, are refused (docs/billing.md)",
      ),
  ),
  THROTTLE_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('backtalk:throttle')
    .describe('key prefix of the throttle counters in Redis, so environments can share one Redis'),
  DEVELOPER_PAGE_HOSTS: z
    .string()
    .default('dev-,.dev.,staging')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => /^[a-z0-9.-]{1,100}$/.test(entry)), {
      message: 'must be comma-separated parts of host names, e.g. "dev-,.dev.,staging"',
    })
    .describe(
      "besides localhost and this machine's addresses, hosts whose name contains one of these comma-separated parts get the developer pages (`/dev/*`); empty: localhost and this machine only",
    ),
});
/** Injected by type: `constructor(private readonly config: GatewayConfig)`. */
export class GatewayConfig extends ServiceConfig(gatewayConfigSchema) {}
