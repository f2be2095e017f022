import { DEFAULT_BOUNDARY_DECLINE } from '@backtalk/proto';
import {
  boundaryDecline,
  type BoundaryDecline,
  crossedTopic,
  declineFor,
  type PersonaBoundary,
} from './boundary-decline';

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

describe('boundaryDecline: what replaces the reply, and what the creator is told', () => {
  it.each<[string, string[], PersonaBoundary[], BoundaryDecline]>([
    [
      'crossed topic X: its decline, named',
      ['f'],
      [POLITICS, FAMILY],
      { text: FAMILY.decline!, topic: 'my family', checkFailed: false },
    ],
    [
      'crossed topic X without a decline: the default, named',
      ['p'],
      [POLITICS, FAMILY],
      { text: DEFAULT_BOUNDARY_DECLINE, topic: 'politics', checkFailed: false },
    ],
    [
      'judge failed, one topic: that topic’s own decline, named, the check reported as failed',
      [],
      [FAMILY],
      { text: FAMILY.decline!, topic: 'my family', checkFailed: true },
    ],
    [
      'judge failed, one topic without a decline: the default, named',
      [],
      [POLITICS],
      { text: DEFAULT_BOUNDARY_DECLINE, topic: 'politics', checkFailed: true },
    ],
    [
      'judge failed, several topics with declines: the default, no topic',
      [],
      [FAMILY, HEALTH],
      { text: DEFAULT_BOUNDARY_DECLINE, topic: null, checkFailed: true },
    ],
    [
      'an id the list does not know counts as nothing named',
      ['gone'],
      [FAMILY, POLITICS],
      { text: DEFAULT_BOUNDARY_DECLINE, topic: null, checkFailed: true },
    ],
    [
      'no topic at all: the default, no topic',
      [],
      [],
      { text: DEFAULT_BOUNDARY_DECLINE, topic: null, checkFailed: true },
    ],
  ])('%s', (_case, crossed, boundaries, expected) =>
    expect(boundaryDecline(crossed, boundaries)).toEqual(expected),
  );
});
