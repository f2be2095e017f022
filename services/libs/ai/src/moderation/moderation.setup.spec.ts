import { openAiModerationKey } from './moderation.setup';

describe('openAiModerationKey', () => {
  const base = {
    MODERATION_PROVIDER: 'openai' as const,
    MODERATION_TIMEOUT_MS: 3_000,
    MODERATION_FAILURE: 'block' as const,
    MODERATION_MINOR_THRESHOLD: 0.2,
  };

  it('uses MODERATION_API_KEY when it is set, whatever the endpoint', () => {
    expect(openAiModerationKey({ ...base, MODERATION_API_KEY: 'mod', OPENAI_API_KEY: 'chat' })).toBe('mod');
    expect(
      openAiModerationKey({
        ...base,
        MODERATION_API_KEY: 'mod',
        MODERATION_BASE_URL: 'http://guard.internal/v1',
        OPENAI_API_KEY: 'chat',
      }),
    ).toBe('mod');
  });

  it("falls back to OPENAI_API_KEY at OpenAI's own endpoint, so the chart's default needs one key", () => {
    expect(openAiModerationKey({ ...base, OPENAI_API_KEY: 'chat' })).toBe('chat');
  });

  it('never sends OPENAI_API_KEY to another server', () => {
    expect(
      openAiModerationKey({
        ...base,
        MODERATION_BASE_URL: 'http://guard.internal/v1',
        OPENAI_API_KEY: 'chat',
      }),
    ).toBeUndefined();
  });

  it('sends no key when neither is set', () => {
    expect(openAiModerationKey(base)).toBeUndefined();
  });
});
