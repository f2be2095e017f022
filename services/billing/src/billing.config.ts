import { ServiceConfig, baseConfigSchema, portSchema, secret } from '@backtalk/kit';
import { z } from 'zod';

export const billingConfigSchema = baseConfigSchema.extend({
  STRIPE_SECRET_KEY: secret(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)')
      .optional()
      .meta({ defaultText: 'unset (payments off)' })
      .describe(
        "Stripe secret key of the platform account (Connect enabled). Unset, every payment action answers PAYMENTS_NOT_CONFIGURED ('Payments are not configured on this Backtalk server…') and the rest of Backtalk works; see docs/billing.md",
      ),
  ),
  STRIPE_API_HOST: z
    .string()
    .min(1)
    .optional()
    .meta({ defaultText: "unset (Stripe's own API)" })
    .describe('another Stripe API host, e.g. `127.0.0.1` for stripe-mock in tests and local runs'),
  STRIPE_API_PORT: portSchema.optional().describe('port of `STRIPE_API_HOST`'),
  STRIPE_API_PROTOCOL: z
    .enum(['http', 'https'])
    .optional()
    .describe('protocol of `STRIPE_API_HOST` (stripe-mock answers plain `http`)'),
  PLATFORM_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(10)
    .describe(
      "the platform's share of each subscription payment, sent to Stripe as the application fee; the creator's connected account receives the rest",
    ),
});
/** Injected by type: `constructor(private readonly config: BillingConfig)`. */
export class BillingConfig extends ServiceConfig(billingConfigSchema) {}
