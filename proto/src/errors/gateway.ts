import type { ErrorList } from './error-list';

/** gateway's own codes: what the HTTP edge refuses before any service sees it. */
export const gatewayErrors = {
  PayloadTooLarge: {
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: 'What you sent is too large. Send something shorter.',
  },
  UnsupportedMediaType: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: 'This kind of content is not accepted. Send JSON in UTF-8 without compression.',
  },
  /** A cookie-authenticated auth route called without the CSRF header, or from another origin. */
  CsrfRejected: {
    code: 'CSRF_REJECTED',
    status: 403,
    message: 'This request must come from the Backtalk app. Reload the page and try again.',
  },
  /** POST /api/stripe/webhook without STRIPE_WEBHOOK_SECRET: Stripe keeps the event and retries. */
  StripeWebhookNotConfigured: {
    code: 'STRIPE_WEBHOOK_NOT_CONFIGURED',
    status: 503,
    message:
      'Payments are not configured on this server: set STRIPE_WEBHOOK_SECRET to receive Stripe events.',
  },
  /** A Stripe webhook whose Stripe-Signature is missing, wrong or older than the tolerance. */
  StripeSignatureInvalid: {
    code: 'STRIPE_SIGNATURE_INVALID',
    status: 400,
    message:
      'The Stripe-Signature header does not match this body or is too old. Send the event as Stripe signed it.',
  },
} as const satisfies ErrorList;
