import type { PersonaDefinition } from '@backtalk/proto';
import { draftAfterSave, draftView, publishPlan, sameBoundaries, type StoredDraft } from './draft-rules';

const published: PersonaDefinition = {
  creatorPrompt: 'Be warm.',
  boundaries: [{ topic: 'my family', decline: 'Not that one!' }, { topic: 'politics' }],
};
const CREATOR = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('draftAfterSave: what stays pending after a save', () => {
  it.each<[string, StoredDraft | null, Partial<PersonaDefinition>, StoredDraft | null]>([
    [
      'a new prompt starts a draft',
      null,
      { creatorPrompt: 'Be brief.' },
      { creatorPrompt: 'Be brief.', boundaries: null },
    ],
    ['the published prompt saved again leaves nothing', null, { creatorPrompt: 'Be warm.' }, null],
    [
      'a prompt saved back to the published one drops out, boundaries stay',
      { creatorPrompt: 'Be brief.', boundaries: [{ topic: 'money' }] },
      { creatorPrompt: 'Be warm.' },
      { creatorPrompt: null, boundaries: [{ topic: 'money' }] },
    ],
    [
      'boundaries join a pending prompt',
      { creatorPrompt: 'Be brief.', boundaries: null },
      { boundaries: [{ topic: 'money' }] },
      { creatorPrompt: 'Be brief.', boundaries: [{ topic: 'money' }] },
    ],
    [
      'the published boundaries (an empty decline is the default one) leave nothing',
      null,
      {
        boundaries: [
          { topic: 'my family', decline: 'Not that one!' },
          { topic: 'politics', decline: '' },
        ],
      },
      null,
    ],
    [
      'a reordered list is a change',
      null,
      { boundaries: [{ topic: 'politics' }, { topic: 'my family', decline: 'Not that one!' }] },
      {
        creatorPrompt: null,
        boundaries: [{ topic: 'politics' }, { topic: 'my family', decline: 'Not that one!' }],
      },
    ],
    [
      'an empty list removes every boundary: a change',
      null,
      { boundaries: [] },
      { creatorPrompt: null, boundaries: [] },
    ],
    [
      'an empty decline is stored as the default one',
      null,
      { boundaries: [{ topic: 'money', decline: '' }] },
      { creatorPrompt: null, boundaries: [{ topic: 'money' }] },
    ],
    [
      'nothing named keeps the draft',
      { creatorPrompt: 'Be brief.', boundaries: null },
      {},
      { creatorPrompt: 'Be brief.', boundaries: null },
    ],
  ])('%s', (_, stored, change, expected) => {
    expect(draftAfterSave(published, stored, change)).toEqual(expected);
  });
});

describe('publishPlan: only what still differs is published', () => {
  it.each<[string, StoredDraft | null, Partial<PersonaDefinition>]>([
    ['no draft: nothing', null, {}],
    ['a pending prompt', { creatorPrompt: 'Be brief.', boundaries: null }, { creatorPrompt: 'Be brief.' }],
    [
      'a prompt published meanwhile (rollback, API): nothing',
      { creatorPrompt: 'Be warm.', boundaries: null },
      {},
    ],
    [
      'both parts',
      { creatorPrompt: 'Be brief.', boundaries: [] },
      { creatorPrompt: 'Be brief.', boundaries: [] },
    ],
  ])('%s', (_, stored, expected) => {
    expect(publishPlan(published, stored)).toEqual(expected);
  });
});

describe('draftView', () => {
  it('shows the published definition with the pending parts, and what changed', () => {
    const at = new Date('2026-11-27T04:00:00.000Z');
    expect(draftView(CREATOR, published, { creatorPrompt: 'Be brief.', boundaries: null }, at)).toEqual({
      creatorId: CREATOR,
      published,
      draft: { creatorPrompt: 'Be brief.', boundaries: published.boundaries },
      changed: { creatorPrompt: true, boundaries: false },
      updatedAt: at.toISOString(),
    });
  });
  it('without anything pending, the draft is the published definition and has no date', () => {
    expect(
      draftView(CREATOR, published, { creatorPrompt: 'Be warm.', boundaries: null }, new Date()),
    ).toEqual({
      creatorId: CREATOR,
      published,
      draft: published,
      changed: { creatorPrompt: false, boundaries: false },
      updatedAt: null,
    });
  });
});

describe('sameBoundaries', () => {
  it.each([
    [[{ topic: 'a' }], [{ topic: 'a', decline: '' }], true],
    [[{ topic: 'a' }], [{ topic: 'A' }], false],
    [[{ topic: 'a', decline: 'x' }], [{ topic: 'a', decline: 'y' }], false],
    [[], [], true],
  ])('%j vs %j: %s', (a, b, expected) => {
    expect(sameBoundaries(a, b)).toBe(expected);
  });
});
