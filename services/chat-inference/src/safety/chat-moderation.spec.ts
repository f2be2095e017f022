import { audienceOf, deciderOf } from './chat-moderation';

describe('audienceOf (docs/safety.md, "Audience")', () => {
  it.each<[string | undefined, 'minor' | 'adult']>([
    ['adult', 'adult'],
    ['16-17', 'minor'],
    ['13-15', 'minor'],
    [undefined, 'minor'], // unknown: the minors' rules, the safer mistake
    ['something else', 'minor'],
  ])('%j → %s', (band, audience) => expect(audienceOf(band)).toBe(audience));
});

describe('deciderOf', () => {
  it.each([
    [{ decidedBy: 'provider', provider: 'openai' }, 'openai'],
    [{ decidedBy: 'provider', provider: 'local' }, 'local'],
    [{ decidedBy: 'floor', provider: 'openai' }, 'floor'],
    [{ decidedBy: 'failure-policy', provider: 'openai' }, 'failure-policy'],
    [{ decidedBy: 'test-moderator' }, 'test-moderator'],
  ])('%j → %s', (verdict, decider) => expect(deciderOf(verdict)).toBe(decider));
});
