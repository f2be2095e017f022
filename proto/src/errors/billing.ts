import type { ErrorList } from './error-list';

/** billing's own codes (docs/billing.md). */
export const billingErrors = {
  PaymentsNotConfigured: {
    code: 'PAYMENTS_NOT_CONFIGURED',
    status: 503,
    message:
      'Payments are not configured on this Backtalk server, so nothing can be paid or paid out yet. The operator must set STRIPE_SECRET_KEY.',
  },
  CreatorCannotAcceptPayments: {
    code: 'CREATOR_CANNOT_ACCEPT_PAYMENTS',
    status: 409,
    message: 'This creator is not set up to accept payments. Please try another creator or contact support.',
  },
  CreatorPriceInvalid: {
    code: 'CREATOR_PRICE_INVALID',
    status: 409,
    message: 'This creator has not set a valid subscription price (minimum $5.00).',
  },
  StripeAccountNotFound: {
    code: 'STRIPE_ACCOUNT_NOT_FOUND',
    status: 404,
    message: 'No Stripe account of yours has this id. Start again from Start Earning with Stripe.',
  },
  BillingCustomerNotFound: {
    code: 'BILLING_CUSTOMER_NOT_FOUND',
    status: 404,
    message: 'You have no billing account yet: subscribe to a creator first.',
  },
  StripeFailed: {
    code: 'STRIPE_FAILED',
    status: 502,
    message: 'Stripe could not complete this request. Try again in a minute.',
  },
} as const satisfies ErrorList;
