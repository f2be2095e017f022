import {
  emailDue,
  fanLabel,
  isWatchFresh,
  mayCreatorRead,
  previewOf,
  PREVIEW_MAX_LENGTH,
  WATCH_FRESH_MS,
} from './inbox-rules';

describe('mayCreatorRead', () => {
  it.each`
    callerOwnsPersona | conversationIsWithCreator | fanAllows | expected
    ${true}           | ${true}                   | ${true}   | ${true}
    ${true}           | ${true}                   | ${false}  | ${false}
    ${false}          | ${true}                   | ${true}   | ${false}
    ${true}           | ${false}                  | ${true}   | ${false}
    ${false}          | ${false}                  | ${false}  | ${false}
  `(
    'owner $callerOwnsPersona, with creator $conversationIsWithCreator, fan allows $fanAllows → $expected',
    ({ callerOwnsPersona, conversationIsWithCreator, fanAllows, expected }) => {
      expect(mayCreatorRead({ callerOwnsPersona, conversationIsWithCreator, fanAllows })).toBe(expected);
    },
  );
});

describe('isWatchFresh', () => {
  const now = new Date('2026-11-27T04:00:00Z');
  it.each`
    ageMs                 | expected
    ${0}                  | ${true}
    ${WATCH_FRESH_MS - 1} | ${true}
    ${WATCH_FRESH_MS}     | ${false}
    ${10 * 60_000}        | ${false}
  `('a watch seen $ageMs ms ago is fresh: $expected', ({ ageMs, expected }) => {
    expect(isWatchFresh(new Date(now.getTime() - ageMs), now)).toBe(expected);
  });
});

describe('emailDue', () => {
  it.each`
    watching | isGuest  | expected
    ${false} | ${false} | ${true}
    ${true}  | ${false} | ${false}
    ${false} | ${true}  | ${false}
    ${true}  | ${true}  | ${false}
  `('watching $watching, guest $isGuest → $expected', ({ watching, isGuest, expected }) => {
    expect(emailDue({ watching, isGuest })).toBe(expected);
  });
});

describe('fanLabel', () => {
  it('is stable, short and names nothing but the conversation', () => {
    expect(fanLabel('3f2a9c1e-0000-4000-8000-000000000000')).toBe('Fan 3F2A9C');
    expect(fanLabel('3f2a9c1e-0000-4000-8000-000000000000')).toBe(
      fanLabel('3f2a9c1e-0000-4000-8000-000000000000'),
    );
  });
});

describe('previewOf', () => {
  it.each`
    text                                  | expected
    ${'hello'}                            | ${'hello'}
    ${'  two\n\nlines  '}                 | ${'two lines'}
    ${'x'.repeat(PREVIEW_MAX_LENGTH)}     | ${'x'.repeat(PREVIEW_MAX_LENGTH)}
    ${'x'.repeat(PREVIEW_MAX_LENGTH + 5)} | ${`${'x'.repeat(PREVIEW_MAX_LENGTH - 1)}…`}
  `('$text → $expected', ({ text, expected }) => {
    expect(previewOf(text)).toBe(expected);
  });
});
