import {
  ageBandOf,
  ageOn,
  calendarDateIn,
  checkBirthdate,
  isMinorBand,
  meetsAudienceMinimum,
  parseBirthdate,
  type AgeBand,
  type AudienceMinimum,
} from './age';

const date = (text: string) => {
  const parsed = parseBirthdate(text);
  if (!parsed) throw new Error(`not a date: ${text}`);
  return parsed;
};

describe('parseBirthdate', () => {
  it.each([
    ['2010-05-17', { year: 2010, month: 5, day: 17 }],
    ['2008-02-29', { year: 2008, month: 2, day: 29 }],
    ['2007-02-29', null],
    ['2010-13-01', null],
    ['2010-04-31', null],
    ['2010-5-17', null],
    ['17/05/2010', null],
    ['2010-05-17T00:00:00Z', null],
    ['', null],
    ['0000-01-01', null],
  ])('%s → %j', (text, expected) => {
    expect(parseBirthdate(text)).toEqual(expected);
  });
});

describe('ageOn', () => {
  it.each([
    ['the day before the 13th birthday', '2012-06-10', '2025-06-09', 12],
    ['the day of the 13th birthday', '2012-06-10', '2025-06-10', 13],
    ['the day after', '2012-06-10', '2025-06-11', 13],
    ['a later month, same year', '2012-06-10', '2025-12-31', 13],
    ['an earlier month, next year', '2012-06-10', '2026-01-01', 13],
    ['leap-day birthday, non-leap year, 28 Feb', '2012-02-29', '2025-02-28', 12],
    ['leap-day birthday, non-leap year, 1 Mar', '2012-02-29', '2025-03-01', 13],
    ['leap-day birthday, leap year, 29 Feb', '2012-02-29', '2028-02-29', 16],
    ['leap-day birthday, leap year, 28 Feb', '2012-02-29', '2028-02-28', 15],
    ['born today', '2025-06-10', '2025-06-10', 0],
    ['born tomorrow', '2025-06-11', '2025-06-10', -1],
  ])('%s: born %s, on %s → %d', (_case, birth, today, age) => {
    expect(ageOn(date(birth), date(today))).toBe(age);
  });
});

describe('calendarDateIn', () => {
  // 2025-06-10 05:00 UTC: already the 10th in Auckland and London, still the 9th in Los Angeles
  // and anywhere on Earth (UTC−12).
  const instant = new Date('2025-06-10T05:00:00Z');
  it.each([
    ['UTC', { year: 2025, month: 6, day: 10 }],
    ['Pacific/Auckland', { year: 2025, month: 6, day: 10 }],
    ['America/Los_Angeles', { year: 2025, month: 6, day: 9 }],
    ['Etc/GMT+12', { year: 2025, month: 6, day: 9 }],
  ])('%s → %j', (zone, expected) => {
    expect(calendarDateIn(instant, zone)).toEqual(expected);
  });

  it('counts a 13th birthday once it has begun everywhere', () => {
    const birth = date('2012-06-10');
    // 11:59 UTC on the birthday: still the 9th at UTC−12; from 12:00 UTC it is the 10th everywhere.
    expect(ageOn(birth, calendarDateIn(new Date('2025-06-10T11:59:00Z')))).toBe(12);
    expect(ageOn(birth, calendarDateIn(new Date('2025-06-10T12:00:00Z')))).toBe(13);
  });
});

describe('ageBandOf', () => {
  it.each([
    [0, 'under-13'],
    [12, 'under-13'],
    [13, '13-15'],
    [15, '13-15'],
    [16, '16-17'],
    [17, '16-17'],
    [18, 'adult'],
    [120, 'adult'],
  ])('%d → %s', (age, band) => {
    expect(ageBandOf(age)).toBe(band);
  });
});

describe('checkBirthdate', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it.each([
    ['2012-06-10', { ageBand: '13-15' }],
    ['2012-06-11', { ageBand: 'under-13' }],
    ['2009-06-10', { ageBand: '16-17' }],
    ['2007-06-10', { ageBand: 'adult' }],
    ['2025-06-10', { ageBand: 'under-13' }],
    // The 11th has begun in Kiribati (UTC+14) at 12:00 UTC on the 10th: not in the future there.
    ['2025-06-11', { ageBand: 'under-13' }],
    ['2025-06-12', { problem: 'Future' }],
    ['2300-01-01', { problem: 'Future' }],
    ['1905-06-10', { ageBand: 'adult' }],
    ['1904-06-09', { problem: 'Absurd' }],
    ['0001-01-01', { problem: 'Absurd' }],
    ['2010-02-30', { problem: 'Malformed' }],
    ['yesterday', { problem: 'Malformed' }],
  ])('%s → %j', (text, expected) => {
    expect(checkBirthdate(text, now)).toEqual(expected);
  });
});

describe('meetsAudienceMinimum', () => {
  const table: [AgeBand | null, AudienceMinimum, boolean][] = [
    ['13-15', '13+', true],
    ['13-15', '16+', false],
    ['13-15', '18+', false],
    ['16-17', '13+', true],
    ['16-17', '16+', true],
    ['16-17', '18+', false],
    ['adult', '13+', true],
    ['adult', '16+', true],
    ['adult', '18+', true],
    [null, '13+', true],
    [null, '16+', false],
    [null, '18+', false],
  ];
  it.each(table)('band %s, audience %s → %s', (band, minimum, allowed) => {
    expect(meetsAudienceMinimum(band, minimum)).toBe(allowed);
  });

  it.each([
    ['13-15', true],
    ['16-17', true],
    ['adult', false],
    [null, true],
  ] as const)('isMinorBand(%s) → %s', (band, minor) => {
    expect(isMinorBand(band)).toBe(minor);
  });
});
