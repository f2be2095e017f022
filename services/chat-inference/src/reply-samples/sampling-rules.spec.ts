import { REPLY_SAMPLES_PER_FAN_PER_DAY } from '@backtalk/proto';
import {
  type SamplingDecision,
  type SamplingFacts,
  refusedByWhoAsked,
  samplingDay,
  samplingDecision,
} from './sampling-rules';

const adult: SamplingFacts = {
  ownPersona: false,
  guest: false,
  minor: false,
  optedOut: false,
  replyShown: true,
  sampledToday: 0,
};

describe('samplingDecision: which ended replies a creator may review (docs/creators.md, "Sampled replies")', () => {
  it('allows a few a day per fan: 3', () => {
    expect(REPLY_SAMPLES_PER_FAN_PER_DAY).toBe(3);
  });

  it.each<[string, Partial<SamplingFacts>, SamplingDecision]>([
    ["an adult signed-in fan's first reply today", {}, { sample: true }],
    ["the same fan's third", { sampledToday: 2 }, { sample: true }],
    ["the same fan's fourth: the daily limit", { sampledToday: 3 }, { sample: false, reason: 'daily-limit' }],
    ['far over the limit', { sampledToday: 40 }, { sample: false, reason: 'daily-limit' }],
    ['a fan who opted out', { optedOut: true }, { sample: false, reason: 'opted-out' }],
    [
      'a fan who opted out, with none kept today',
      { optedOut: true, sampledToday: 0 },
      { sample: false, reason: 'opted-out' },
    ],
    ['a fan under 18 or of unknown age', { minor: true }, { sample: false, reason: 'minor' }],
    ['a guest', { guest: true }, { sample: false, reason: 'guest' }],
    [
      'the creator chatting with their own persona',
      { ownPersona: true },
      { sample: false, reason: 'own-persona' },
    ],
    ['a failed or replaced reply', { replyShown: false }, { sample: false, reason: 'not-shown' }],
    [
      'an opt-out wins over the limit',
      { optedOut: true, sampledToday: 3 },
      { sample: false, reason: 'opted-out' },
    ],
    [
      'a minor who opted out: minor first',
      { minor: true, optedOut: true },
      { sample: false, reason: 'minor' },
    ],
  ])('%s', (_case, facts, expected) => {
    expect(samplingDecision({ ...adult, ...facts })).toEqual(expected);
  });

  it.each<[string, Partial<SamplingFacts>, SamplingDecision | null]>([
    ['an adult signed-in fan: looked up', {}, null],
    ['an adult who opted out: looked up (only the database knows)', { optedOut: true }, null],
    ['past the limit: looked up', { sampledToday: 3 }, null],
    ['a guest', { guest: true }, { sample: false, reason: 'guest' }],
    ['a minor', { minor: true }, { sample: false, reason: 'minor' }],
    ['the creator with their own persona', { ownPersona: true }, { sample: false, reason: 'own-persona' }],
    [
      'a guest who is a minor: as samplingDecision',
      { guest: true, minor: true },
      { sample: false, reason: 'guest' },
    ],
  ])('refusedByWhoAsked, before any look-up: %s', (_case, facts, expected) => {
    expect(refusedByWhoAsked({ ...adult, ...facts })).toEqual(expected);
    // Whatever it refuses, samplingDecision refuses the same way, whatever the look-ups say.
    if (expected)
      for (const lookedUp of [{}, { optedOut: true }, { replyShown: false }, { sampledToday: 9 }])
        expect(samplingDecision({ ...adult, ...facts, ...lookedUp })).toEqual(expected);
  });

  it.each([
    ['2026-03-02T00:00:00.000Z', '2026-03-02'],
    ['2026-03-02T23:59:59.999Z', '2026-03-02'],
    ['2026-03-03T00:30:00+02:00', '2026-03-02'],
  ])('the day of %s is %s (UTC)', (at, day) => {
    expect(samplingDay(new Date(at))).toBe(day);
  });
});
