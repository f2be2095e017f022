import { effectiveRenewal, renewalAfter } from './notice-rule';

const at = (iso: string) => new Date(iso);

describe('renewalAfter (monthly renewals, as Stripe counts them)', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 1, '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 2, '2026-03-31T10:00:00.000Z'],
    ['2026-03-31T00:00:00Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-12-05T23:59:59Z', 1, '2027-01-05T23:59:59.000Z'],
    ['2026-12-05T23:59:59Z', 0, '2026-12-05T23:59:59.000Z'],
  ])('%s + %i month(s) = %s', (anchor, months, expected) => {
    expect(renewalAfter(at(anchor), months).toISOString()).toBe(expected);
  });
});

describe('effectiveRenewal (spec §9: the first renewal at least 30 days after the notice)', () => {
  it.each([
    // [period end, notice, expected move]
    [
      'renews in 10 days: skips it, moves a month later',
      '2026-12-07T12:00:00Z',
      '2026-11-27T12:00:00Z',
      '2027-01-07T12:00:00.000Z',
    ],
    [
      'renews exactly 30 days after the notice: that renewal',
      '2026-12-27T12:00:00Z',
      '2026-11-27T12:00:00Z',
      '2026-12-27T12:00:00.000Z',
    ],
    [
      'renews one second short of 30 days: the next one',
      '2026-12-27T11:59:59Z',
      '2026-11-27T12:00:00Z',
      '2027-01-27T11:59:59.000Z',
    ],
    [
      'renews in 31 days: that renewal',
      '2026-12-28T12:00:00Z',
      '2026-11-27T12:00:00Z',
      '2026-12-28T12:00:00.000Z',
    ],
    [
      'renews tomorrow: the renewal a month later (31 days)',
      '2026-11-28T12:00:00Z',
      '2026-11-27T12:00:00Z',
      '2026-12-28T12:00:00.000Z',
    ],
    [
      'a 31st anchor through February',
      '2027-01-31T08:00:00Z',
      '2027-01-20T08:00:00Z',
      '2027-02-28T08:00:00.000Z',
    ],
    [
      'a 31st anchor: February is too early, March 31 after it',
      '2027-01-31T08:00:00Z',
      '2027-02-01T08:00:00Z',
      '2027-03-31T08:00:00.000Z',
    ],
    [
      'renews in 45 days: the period end itself',
      '2027-01-11T00:00:00Z',
      '2026-11-27T00:00:00Z',
      '2027-01-11T00:00:00.000Z',
    ],
  ])('%s', (_case, periodEnd, notice, expected) => {
    const moved = effectiveRenewal(at(periodEnd), at(notice));
    expect(moved.toISOString()).toBe(expected);
    expect(moved.getTime() - at(notice).getTime()).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000);
  });

  it('takes another notice length', () => {
    expect(effectiveRenewal(at('2026-12-07T00:00:00Z'), at('2026-11-27T00:00:00Z'), 7).toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
  });
});
