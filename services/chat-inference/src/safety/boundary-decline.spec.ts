import { DEFAULT_BOUNDARY_DECLINE } from '@backtalk/proto';
import { crossedTopic, declineFor, type PersonaBoundary } from './boundary-decline';

const FAMILY: PersonaBoundary = {
  id: 'f',
  topic: 'my family',
  decline: 'My family stays off camera, sorry!',
};
const POLITICS: PersonaBoundary = { id: 'p', topic: 'politics', decline: null };
const HEALTH: PersonaBoundary = { id: 'h', topic: 'medical advice', decline: 'Ask a doctor, not me!' };
const BLANK: PersonaBoundary = { id: 'b', topic: 'other creators', decline: '   ' };

describe('declineFor', () => {
  it.each<[string, string[], PersonaBoundary[], string]>([
    ['the crossed boundary’s own decline', ['f'], [FAMILY, POLITICS], FAMILY.decline!],
    ['the default when the crossed one has none', ['p'], [FAMILY, POLITICS], DEFAULT_BOUNDARY_DECLINE],
    ['the default for a blank decline', ['b'], [BLANK], DEFAULT_BOUNDARY_DECLINE],
    [
      'the first in the creator’s order, not the judge’s',
      ['h', 'f'],
      [FAMILY, POLITICS, HEALTH],
      FAMILY.decline!,
    ],
    ['the first crossed one that has a decline', ['p', 'h'], [FAMILY, POLITICS, HEALTH], HEALTH.decline!],
    ['the default for an id the list does not know', ['gone'], [FAMILY], DEFAULT_BOUNDARY_DECLINE],
    ['the default when nothing is named (a failed judge)', [], [FAMILY], DEFAULT_BOUNDARY_DECLINE],
  ])('%s', (_case, crossed, boundaries, expected) => expect(declineFor(crossed, boundaries)).toBe(expected));
});

describe('crossedTopic', () => {
  it.each<[string[], string | null]>([
    [['h', 'p'], 'politics'],
    [['f'], 'my family'],
    [['gone'], null],
    [[], null],
  ])('%j → %j', (crossed, topic) => expect(crossedTopic(crossed, [FAMILY, POLITICS, HEALTH])).toBe(topic));
});
