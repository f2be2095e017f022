/**
 * What a fan reads when moderation acts (docs/safety.md, "Moderation in the chat"): calm and
 * specific, never an error. A held-back message is answered by "I can't talk about that here."
 * and why, in one sentence, chosen by the verdict's first category that has a reason; a reply
 * that was replaced reads as the persona politely changing the subject.
 */
export const HELD_MESSAGE_OPENING = "I can't talk about that here.";

/** Category prefixes (the moderation API's names, and the floor's) and why each is held back. */
const REASONS: readonly (readonly [prefix: string, why: string])[] = [
  ['sexual/minors', 'Sexual content involving anyone under 18 is never allowed on Backtalk.'],
  ['sexual', 'This chat keeps things free of sexual content.'],
  ['self-harm', "This chat can't go into ways of hurting yourself."],
  ['hate', "This chat doesn't take part in hateful talk about anyone."],
  ['harassment', "This chat doesn't take part in harassing or threatening anyone."],
  ['violence', "This chat doesn't go into violence or hurting others."],
  ['illicit', "This chat can't help with anything illegal or dangerous."],
  ['boundary', 'The creator has asked their persona not to discuss this topic.'],
];
const DEFAULT_REASON = 'This chat keeps to topics that are safe for everyone.';

/** The notice that answers a fan message moderation held back from the model. */
export function heldMessageNotice(categories: readonly string[]): string {
  for (const [prefix, why] of REASONS) {
    if (categories.some((category) => category === prefix || category.startsWith(`${prefix}/`)))
      return `${HELD_MESSAGE_OPENING} ${why} Let's talk about something else.`;
  }
  return `${HELD_MESSAGE_OPENING} ${DEFAULT_REASON} Let's talk about something else.`;
}

/** What a reply moderation replaced says instead (stored as its text; the flagged text is kept for review only). */
export const REPLACED_REPLY_TEXT = "Sorry, I can't answer that one here. Let's talk about something else!";
