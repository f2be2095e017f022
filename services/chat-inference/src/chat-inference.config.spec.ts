import { MODERATION_PROVIDER_REQUIRED } from '@backtalk/ai';
import { ConfigError, loadConfig } from '@backtalk/kit';
import { chatInferenceConfigSchema } from './chat-inference.config';

/** Issue 22 item 1: `none` (the floor alone) only with an explicit setting. */
describe('chat-inference configuration: MODERATION_PROVIDER', () => {
  const cluster = { BACKTALK_MODE: 'cluster' };

  it('has no default in cluster mode: without it the service refuses to start, naming the choices', () => {
    let error: unknown;
    try {
      loadConfig(chatInferenceConfigSchema, cluster);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      { variable: 'MODERATION_PROVIDER', message: MODERATION_PROVIDER_REQUIRED },
    ]);
    expect((error as ConfigError).message).toBe(
      'Invalid configuration: MODERATION_PROVIDER is required: choose `openai`, `llama-guard`, `local`, `bedrock` or `none` (`none` means the always-on floor alone — crisis signals, sexual talk involving minors, profanity to minors — with no moderator above it; docs/safety.md)',
    );
  });

  it('counts an empty value as missing, as for every variable', () => {
    expect(() => loadConfig(chatInferenceConfigSchema, { ...cluster, MODERATION_PROVIDER: '' })).toThrow(
      'MODERATION_PROVIDER is required',
    );
  });

  it('starts with any of the five providers, `none` included when it is chosen', () => {
    for (const provider of ['openai', 'llama-guard', 'local', 'bedrock', 'none'])
      expect(
        loadConfig(chatInferenceConfigSchema, { ...cluster, MODERATION_PROVIDER: provider })
          .MODERATION_PROVIDER,
      ).toBe(provider);
  });

  it('refuses an unknown provider with the list of choices', () => {
    expect(() => loadConfig(chatInferenceConfigSchema, { ...cluster, MODERATION_PROVIDER: 'off' })).toThrow(
      'Invalid configuration: MODERATION_PROVIDER Invalid option: expected one of "openai"|"llama-guard"|"local"|"bedrock"|"none"',
    );
  });
});
