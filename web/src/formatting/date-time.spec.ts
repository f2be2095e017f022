import { formatActivity, formatMoment } from './date-time';

const now = new Date('2030-01-05T12:00:00Z');

describe('formatMoment', () => {
  it.each([
    ['today in New York', '2030-01-05T20:45:00Z', 'America/New_York', 'en-US', '3:45 PM EST'],
    [
      'tomorrow in Berlin (past midnight there)',
      '2030-01-05T23:30:00Z',
      'Europe/Berlin',
      'en-US',
      'Jan 6, 12:30 AM GMT+1',
    ],
    ['another day, UTC', '2030-01-07T09:05:00Z', 'UTC', 'en-US', 'Jan 7, 9:05 AM UTC'],
    ['today, British English', '2030-01-05T15:45:00Z', 'Europe/London', 'en-GB', '15:45 GMT'],
    ['today, German', '2030-01-05T15:45:00Z', 'Europe/Berlin', 'de-DE', '16:45 MEZ'],
  ])('%s', (_case, iso, timeZone, locale, text) => {
    expect(formatMoment(iso, { now, timeZone, locales: locale })).toBe(text);
  });

  it.each([null, undefined, '', 'not a date'])('is null for %p', (iso) => {
    expect(formatMoment(iso, { now })).toBeNull();
  });
});

describe('formatActivity', () => {
  // Local dates: the reader's zone decides what "today" is.
  const reference = new Date(2025, 5, 12, 15, 0);
  it.each([
    ['today: the time', new Date(2025, 5, 12, 9, 30).toISOString(), '9:30 AM'],
    ['two days ago: the weekday', new Date(2025, 5, 10, 9, 30).toISOString(), 'Tue'],
    ['earlier this year: the date', new Date(2025, 0, 3).toISOString(), 'Jan 3'],
    ['another year: with the year', new Date(2024, 0, 3).toISOString(), 'Jan 3, 2024'],
    ['unreadable', 'not a date', ''],
  ])('%s', (_case, iso, expected) => {
    // ICU puts a narrow no-break space before AM in some versions.
    expect(formatActivity(iso, reference, 'en-US').replace(/\s/g, ' ')).toBe(expected);
  });

  it('speaks the given language', () => {
    expect(formatActivity(new Date(2025, 5, 10, 9, 30).toISOString(), reference, 'es')).toBe('mar');
  });
});
