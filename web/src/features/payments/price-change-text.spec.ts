import { priceChangeText } from './price-change-text';

const change = {
  id: '0b6f1d3a-1111-4c53-9d55-2f1a4a4c7d10',
  fromPrice: 1000,
  toPrice: 1500,
  currency: 'usd' as const,
  noticeAt: '2026-11-27T12:00:00.000Z',
  subscribers: 3,
  pending: 2,
  firstEffectiveAt: '2026-12-28T12:00:00.000Z',
  lastEffectiveAt: '2027-01-05T12:00:00.000Z',
};

describe('priceChangeText', () => {
  it.each([
    [
      'pending moves over a range of dates',
      change,
      '3 subscribers emailed. 2 subscribers still on $10.00 move between Dec 28, 2026 and Jan 5, 2027, at their first renewal at least 30 days after the notice.',
    ],
    [
      'one subscriber on one date',
      { ...change, subscribers: 1, pending: 1, lastEffectiveAt: change.firstEffectiveAt },
      '1 subscriber emailed. 1 subscriber still on $10.00 move on Dec 28, 2026',
    ],
    [
      'no subscribers',
      { ...change, subscribers: 0, pending: 0, firstEffectiveAt: null, lastEffectiveAt: null },
      'No subscriber had to be told.',
    ],
    [
      'everyone moved',
      { ...change, pending: 0, firstEffectiveAt: null, lastEffectiveAt: null },
      'Everyone has moved to the new price',
    ],
  ])('%s', (_case, input, detail) => {
    const text = priceChangeText(input);
    expect(text.title).toBe('$10.00 → $15.00, set on Nov 27, 2026');
    expect(text.detail).toContain(detail);
  });
});
