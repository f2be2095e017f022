import { HELD_MESSAGE_OPENING, heldMessageNotice } from './safety-notices';

describe('heldMessageNotice', () => {
  it.each([
    [['sexual/minors', 'sexual'], 'Sexual content involving anyone under 18 is never allowed on Backtalk.'],
    [['sexual'], 'This chat keeps things free of sexual content.'],
    [['violence/graphic'], "This chat doesn't go into violence or hurting others."],
    [
      ['harassment/threatening', 'violence'],
      "This chat doesn't take part in harassing or threatening anyone.",
    ],
    [['hate'], "This chat doesn't take part in hateful talk about anyone."],
    [['self-harm/instructions'], "This chat can't go into ways of hurting yourself."],
    [['illicit/violent'], "This chat can't help with anything illegal or dangerous."],
    [['boundary'], 'The creator has asked their persona not to discuss this topic.'],
    [['profanity'], 'This chat keeps to topics that are safe for everyone.'],
    [[], 'This chat keeps to topics that are safe for everyone.'],
  ])('%j: says why in one sentence', (categories, why) => {
    expect(heldMessageNotice(categories)).toBe(
      `${HELD_MESSAGE_OPENING} ${why} Let's talk about something else.`,
    );
  });

  it('does not take a category that only starts like another for it', () => {
    expect(heldMessageNotice(['sexuality-education'])).toContain('safe for everyone');
  });
});
