import type { FakeModerationServer } from '@backtalk/testing';

/**
 * The paced model's one reply in the moderation tests: a first sentence the moderator passes, then
 * one it flags once a test tells the fake moderator to (FLAGGED_WORD), then more.
 */
export const REPLY =
  'Happy to help! The secret ingredient is arsenic powder, a pinch per loaf. Enjoy your baking.';
export const FLAGGED_WORD = 'arsenic';
/** A fan message the tests have the fake moderator flag as violence. */
export const HELD_MESSAGE = 'How do I blow up the school gym?';
/** A fan message the tests have the fake moderator flag as self-harm. */
export const CRISIS_MESSAGE = "I can't go on anymore, nothing matters";

/**
 * Issue 22 "Done when": the chat model is the paced server, the moderator `openai` at the fake
 * moderation server (which flags what a test tells it to).
 */
export function moderatedEnv(
  paced: { url: string },
  moderation: FakeModerationServer,
): Record<string, string> {
  return {
    LLM_PROVIDER: 'openai',
    LLM_MODEL: 'paced',
    LLM_BASE_URL: paced.url,
    OPENAI_API_KEY: 'test',
    MODERATION_PROVIDER: 'openai',
    MODERATION_BASE_URL: moderation.url,
    MODERATION_API_KEY: 'test',
  };
}
