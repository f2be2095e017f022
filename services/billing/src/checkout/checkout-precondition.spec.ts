import { ErrorCode } from '@backtalk/proto';
import { type CheckoutFacts, checkoutPrecondition } from './checkout-precondition';

/** Spec §5's words, and billing's own for the rest (proto's billing error list). */
const NOT_SET_UP =
  'This creator is not set up to accept payments. Please try another creator or contact support.';
const NO_VALID_PRICE = 'This creator has not set a valid subscription price (minimum $5.00).';
const GUEST = 'Sign up or sign in to subscribe to this creator.';
const NOT_CONFIGURED = expect.stringContaining('Payments are not configured on this Backtalk server');
const ALREADY = 'You already subscribe to this creator. Manage your subscription from Manage Billing.';

type Account = { stripeAccountId: string; onboardingComplete: boolean };
const accounts: Record<string, Account | null> = {
  none: null,
  'charges disabled': { stripeAccountId: 'acct_1', onboardingComplete: false },
  onboarded: { stripeAccountId: 'acct_1', onboardingComplete: true },
};
const fine: CheckoutFacts<Account> = {
  signedIn: true,
  paymentsConfigured: true,
  account: accounts.onboarded!,
  pricePerSubscription: 1000,
  alreadySubscribed: false,
};

describe('checkoutPrecondition (spec §5 payment rules)', () => {
  /** Each row changes the facts of a fan who may subscribe; the first rule broken answers. */
  it.each`
    signedIn | configured | account               | price   | subscribed | code                                     | message
    ${false} | ${true}    | ${'onboarded'}        | ${1000} | ${false}   | ${ErrorCode.Forbidden}                   | ${GUEST}
    ${false} | ${false}   | ${'none'}             | ${400}  | ${false}   | ${ErrorCode.Forbidden}                   | ${GUEST}
    ${true}  | ${false}   | ${'onboarded'}        | ${1000} | ${false}   | ${ErrorCode.PaymentsNotConfigured}       | ${NOT_CONFIGURED}
    ${true}  | ${false}   | ${'none'}             | ${1000} | ${false}   | ${ErrorCode.PaymentsNotConfigured}       | ${NOT_CONFIGURED}
    ${true}  | ${true}    | ${'none'}             | ${1000} | ${false}   | ${ErrorCode.CreatorCannotAcceptPayments} | ${NOT_SET_UP}
    ${true}  | ${true}    | ${'charges disabled'} | ${1000} | ${false}   | ${ErrorCode.CreatorCannotAcceptPayments} | ${NOT_SET_UP}
    ${true}  | ${true}    | ${'charges disabled'} | ${400}  | ${true}    | ${ErrorCode.CreatorCannotAcceptPayments} | ${NOT_SET_UP}
    ${true}  | ${true}    | ${'onboarded'}        | ${499}  | ${false}   | ${ErrorCode.CreatorPriceInvalid}         | ${NO_VALID_PRICE}
    ${true}  | ${true}    | ${'onboarded'}        | ${0}    | ${true}    | ${ErrorCode.CreatorPriceInvalid}         | ${NO_VALID_PRICE}
    ${true}  | ${true}    | ${'onboarded'}        | ${1000} | ${true}    | ${ErrorCode.Conflict}                    | ${ALREADY}
  `(
    'signed in $signedIn, configured $configured, account $account, price $price, subscribed $subscribed: $code',
    ({ signedIn, configured, account, price, subscribed, code, message }) => {
      const facts = {
        signedIn,
        paymentsConfigured: configured,
        account: accounts[account as string]!,
        pricePerSubscription: price,
        alreadySubscribed: subscribed,
      };
      expect(checkoutPrecondition(facts)).toEqual({ ok: false, code, message });
    },
  );

  it.each([500, 1000, 99_999])(
    'lets a signed-in fan pay an onboarded creator %i cents, to their account',
    (price) => {
      expect(checkoutPrecondition({ ...fine, pricePerSubscription: price })).toEqual({
        ok: true,
        account: accounts.onboarded,
      });
    },
  );
});
