import { subscriptionSummary, type SubscriptionRow } from './subscription-summary';

const now = new Date('2026-05-10T12:00:00Z');
const base: SubscriptionRow = {
  creatorId: '00000000-0000-4000-8000-000000000001',
  status: 'active',
  startDate: new Date('2026-05-01T00:00:00Z'),
  endDate: new Date('2026-06-01T00:00:00Z'),
  stripeStatus: 'active',
  canceledAt: null,
  lastPayment: null,
  creatorPrice: 1500,
};

describe('subscriptionSummary', () => {
  it.each<[string, Partial<SubscriptionRow>, { active: boolean; renews: boolean }]>([
    ['active and charging: renews', {}, { active: true, renews: true }],
    ['trialing: renews', { stripeStatus: 'trialing' }, { active: true, renews: true }],
    ['no Stripe status yet (checkout only): renews', { stripeStatus: null }, { active: true, renews: true }],
    [
      'cancelled, paid to the period end: active, ends',
      { canceledAt: new Date('2026-05-05T00:00:00Z') },
      { active: true, renews: false },
    ],
    [
      'past due: access kept, no renewal promised',
      { stripeStatus: 'past_due' },
      { active: true, renews: false },
    ],
    [
      'ended: neither',
      { endDate: new Date('2026-05-01T00:00:00Z'), stripeStatus: 'canceled' },
      { active: false, renews: false },
    ],
    ['endDate now exactly: not active', { endDate: now }, { active: false, renews: false }],
    [
      'status incomplete: neither',
      { status: 'incomplete', stripeStatus: 'incomplete' },
      { active: false, renews: false },
    ],
  ])('%s', (_, change, expected) => {
    expect(subscriptionSummary({ ...base, ...change }, now)).toMatchObject(expected);
  });

  it.each<[string, Partial<SubscriptionRow>, { amount: number; currency: string }]>([
    ['no payment yet: the creator price in USD', {}, { amount: 1500, currency: 'usd' }],
    [
      'a recorded payment wins over a changed creator price',
      { lastPayment: { amount: 1000, currency: 'eur' } },
      { amount: 1000, currency: 'eur' },
    ],
  ])('price: %s', (_, change, price) => {
    expect(subscriptionSummary({ ...base, ...change }, now).price).toEqual(price);
  });

  it('carries the dates as ISO strings', () => {
    expect(subscriptionSummary(base, now)).toMatchObject({
      creatorId: base.creatorId,
      status: 'active',
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-06-01T00:00:00.000Z',
    });
  });
});
