import { createModerator, openAiModerationKey } from './moderation.setup';

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

describe('createModerator with `openai`', () => {
  const base = {
    MODERATION_PROVIDER: 'openai' as const,
    MODERATION_TIMEOUT_MS: 3_000,
    MODERATION_FAILURE: 'block' as const,
    MODERATION_MINOR_THRESHOLD: 0.2,
  };
  const warningsFor = (config: Parameters<typeof createModerator>[0]): string[] => {
    const warnings: string[] = [];
    createModerator(config, '/nonexistent-models', {
      log: () => undefined,
      warn: (line) => warnings.push(line),
    });
    return warnings;
  };

  it("warns once at start when OpenAI's own endpoint would get no key, saying what the failure policy does", () => {
    expect(warningsFor(base)).toEqual([
      "MODERATION_PROVIDER=openai at OpenAI's own endpoint has no key (MODERATION_API_KEY or OPENAI_API_KEY), so every check will fail and every fan message and reply is blocked (MODERATION_FAILURE=block); set a key, MODERATION_BASE_URL, or another MODERATION_PROVIDER (docs/safety.md)",
    ]);
  });

  it('says nothing with a key, or at a server of its own (which may need none)', () => {
    expect(warningsFor({ ...base, OPENAI_API_KEY: 'chat' })).toEqual([]);
    expect(warningsFor({ ...base, MODERATION_API_KEY: 'mod' })).toEqual([]);
    expect(warningsFor({ ...base, MODERATION_BASE_URL: 'http://127.0.0.1:9/v1' })).toEqual([]);
  });
});
