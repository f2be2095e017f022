import { type AgeBand, type AudienceMinimum, ErrorCode } from '@backtalk/proto';
import { assertOldEnough, mayChatByAge } from './age-gate';
import { audienceOf } from './chat-moderation';

const FAN = '00000000-0000-4000-8000-000000000001';
const CREATOR_USER = '00000000-0000-4000-8000-000000000002';

describe('mayChatByAge', () => {
  const table: [AgeBand | undefined, AudienceMinimum | undefined, boolean][] = [
    ['13-15', undefined, true],
    ['13-15', '13+', true],
    ['13-15', '16+', false],
    ['13-15', '18+', false],
    ['16-17', '16+', true],
    ['16-17', '18+', false],
    ['adult', '18+', true],
    [undefined, '13+', true],
    [undefined, '16+', false],
    [undefined, '18+', false],
  ];
  it.each(table)('a fan of band %s, a persona for %s → %s', (ageBand, audienceMinimum, allowed) => {
    const actor = { userId: FAN, ...(ageBand ? { ageBand } : {}) };
    const persona = { userId: CREATOR_USER, ...(audienceMinimum ? { audienceMinimum } : {}) };
    expect(mayChatByAge(actor, persona)).toBe(allowed);
  });

  it("lets the creator's own user try their 18+ persona whatever their token says", () => {
    expect(mayChatByAge({ userId: CREATOR_USER }, { userId: CREATOR_USER, audienceMinimum: '18+' })).toBe(
      true,
    );
  });

  it('refuses with AUDIENCE_MINIMUM_NOT_MET and the minimum', () => {
    expect(() =>
      assertOldEnough({ userId: FAN, ageBand: '13-15' }, { userId: CREATOR_USER, audienceMinimum: '18+' }),
    ).toThrow(
      expect.objectContaining({ code: ErrorCode.AudienceMinimumNotMet, details: { audienceMinimum: '18+' } }),
    );
  });
});

describe('audienceOf (what the moderator is told)', () => {
  it.each([
    ['13-15', 'minor'],
    ['16-17', 'minor'],
    ['adult', 'adult'],
    [undefined, 'minor'],
  ] as const)('band %s → %s', (band, audience) => {
    expect(audienceOf(band)).toBe(audience);
  });
});
