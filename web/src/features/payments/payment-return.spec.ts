import type { SubscriptionList } from '../../api';
import { newSubscription, subscriptionList } from './subscription.fixtures';
import {
  forgetCheckout,
  paymentConfirmed,
  paymentReturnOf,
  rememberCheckout,
  rememberedCheckout,
} from './payment-return';
import { subscriptionLine } from './subscription-line';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('paymentReturnOf', () => {
  it.each([
    ['?section=stripe&refresh=true', 'success'],
    ['?refresh=true&section=stripe', 'success'],
    ['?section=ai-chat', 'cancel'],
    ['?section=stripe', null],
    ['?section=stripe&refresh=false', null],
    ['', null],
    ['?section=other', null],
  ])('%s → %s', (search, expected) => {
    expect(paymentReturnOf(new URLSearchParams(search))).toBe(expected);
  });
});

describe('the remembered checkout', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept in session storage until forgotten', () => {
    expect(rememberedCheckout()).toBeNull();
    rememberCheckout({ creatorId: A, handle: 'tilly' });
    expect(rememberedCheckout()).toEqual({ creatorId: A, handle: 'tilly' });
    forgetCheckout();
    expect(rememberedCheckout()).toBeNull();
  });

  it.each(['not json', 'null', '42', '{"creatorId":1,"handle":"x"}', '{"creatorId":"a","handle":""}'])(
    'reads %s as none',
    (stored) => {
      sessionStorage.setItem('backtalk.checkout', stored);
      expect(rememberedCheckout()).toBeNull();
    },
  );
});

describe('paymentConfirmed', () => {
  it.each<[string, SubscriptionList | undefined, string | null, boolean]>([
    ['no answer yet', undefined, A, false],
    ['no subscriptions', subscriptionList([]), A, false],
    ['active to the checkout creator', subscriptionList([newSubscription(A, true)]), A, true],
    ['active to another creator only', subscriptionList([newSubscription(B, true)]), A, false],
    ['ended to the checkout creator', subscriptionList([newSubscription(A, false)]), A, false],
    ['no remembered creator, any active', subscriptionList([newSubscription(B, true)]), null, true],
    ['no remembered creator, none active', subscriptionList([newSubscription(B, false)]), null, false],
  ])('%s', (_, answer, creatorId, expected) => {
    expect(paymentConfirmed(answer, creatorId ? { creatorId, handle: 'h' } : null)).toBe(expected);
  });
});

describe('subscriptionLine', () => {
  it.each<[string, ReturnType<typeof newSubscription>, { status: string; date: string }]>([
    ['renewing', newSubscription(A, true, true), { status: 'Active', date: 'Renews on Jun 1, 2026' }],
    [
      'cancelled, still paid',
      newSubscription(A, true, false),
      { status: 'Not renewing', date: 'Ends on Jun 1, 2026' },
    ],
    ['ended', newSubscription(A, false), { status: 'Ended', date: 'Ended on Jun 1, 2026' }],
  ])('%s', (_, sub, expected) => {
    expect(subscriptionLine(sub, 'en-US')).toEqual({ ...expected, price: '$10.00 / month' });
  });

  it('formats the price in its currency and the reader’s locale', () => {
    const euros = { ...newSubscription(A, true), price: { amount: 1250, currency: 'eur' } };
    expect(subscriptionLine(euros, 'de-DE').price).toBe('12,50\u00a0€ / month');
  });
});
