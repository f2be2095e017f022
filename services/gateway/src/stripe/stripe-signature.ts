import { ServiceError, ValidationError, describeZodIssues } from '@backtalk/kit';
import { ErrorCode, type StripeEvent, stripeEventSchema } from '@backtalk/proto';
import type Stripe from 'stripe';

/**
 * The SDK, loaded by the first webhook rather than at every start (some 150 ms of CPU; most
 * gateways never receive one). `require`, not `import()`, which would load its ES module build.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const stripeSdk = (): typeof Stripe => require('stripe') as typeof Stripe;

/** Stripe's own default: a signature older than five minutes is refused (replay protection). */
const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event in a webhook request, once its Stripe-Signature header proves that
 * Stripe sent exactly this body within the tolerance, with one of the
 * endpoint secrets (the account endpoint's and the Connect endpoint's differ).
 * Anything else is refused with a typed 400; no secret configured is a 503.
 */
export function verifyStripeEvent(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secrets: readonly string[],
): StripeEvent {
  if (secrets.length === 0) throw new ServiceError(ErrorCode.StripeWebhookNotConfigured);
  if (!signature)
    throw new ServiceError(
      ErrorCode.StripeSignatureInvalid,
      'The Stripe-Signature header is missing. Only Stripe can call this address.',
    );
  if (!rawBody?.length)
    throw new ServiceError(ErrorCode.StripeSignatureInvalid, 'The request has no body to verify.');
  let event: unknown;
  let failure = '';
  for (const secret of secrets) {
    try {
      event = stripeSdk().webhooks.constructEvent(
        rawBody,
        signature,
        secret,
        STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      );
      break;
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  if (event === undefined) {
    const stale = /tolerance/i.test(failure);
    throw new ServiceError(
      ErrorCode.StripeSignatureInvalid,
      stale
        ? `The signature is more than ${STRIPE_SIGNATURE_TOLERANCE_SECONDS} seconds old. Stripe signs each delivery afresh; replayed requests are refused.`
        : 'The Stripe-Signature header does not match this body with any configured webhook secret.',
    );
  }
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success)
    throw new ValidationError(`The body is not a Stripe event (${describeZodIssues(parsed.error)}).`);
  return parsed.data;
}
