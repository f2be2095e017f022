import { digestWeekOf, weekStartOf } from './digest-week';

describe('digest weeks (Monday 00:00 UTC to the next)', () => {
  it.each([
    ['a Monday at midnight starts its own week', '2026-11-23T00:00:00.000Z', '2026-11-23T00:00:00.000Z'],
    [
      'a Sunday a millisecond before midnight is still the week before',
      '2026-11-29T23:59:59.999Z',
      '2026-11-23T00:00:00.000Z',
    ],
    ['a Friday', '2026-11-27T04:10:00.000Z', '2026-11-23T00:00:00.000Z'],
    ['a Wednesday across a new year', '2026-12-30T12:00:00.000Z', '2026-12-28T00:00:00.000Z'],
    ['a Sunday in a leap year', '2028-03-05T10:00:00.000Z', '2028-02-28T00:00:00.000Z'],
    ['late on Sunday in UTC-10 is Monday in UTC', '2026-11-30T01:00:00.000Z', '2026-11-30T00:00:00.000Z'],
  ])('%s', (_case, at, monday) => {
    expect(weekStartOf(new Date(at)).toISOString()).toBe(monday);
  });

  it.each([
    ['Monday 00:00 reports the week that just ended', '2026-11-30T00:00:00.000Z', '2026-11-23', '2026-11-30'],
    ['Sunday 23:59 still reports the week before it', '2026-11-29T23:59:59.999Z', '2026-11-16', '2026-11-23'],
    ['any time in a week reports the same week', '2026-12-03T17:45:00.000Z', '2026-11-23', '2026-11-30'],
    ['the first week of a year', '2027-01-05T09:00:00.000Z', '2026-12-28', '2027-01-04'],
  ])('%s', (_case, now, from, to) => {
    const week = digestWeekOf(new Date(now));
    expect(week.from.toISOString()).toBe(`${from}T00:00:00.000Z`);
    expect(week.to.toISOString()).toBe(`${to}T00:00:00.000Z`);
    expect(week.to.getTime() - week.from.getTime()).toBe(7 * 24 * 3600 * 1000);
  });
});
