import { chatInferenceService } from '@backtalk/chat-inference';
import { ingestionService } from '@backtalk/ingestion';
import { ConfigError, loadConfig } from '@backtalk/kit';
import { standaloneServiceDefaults } from './standalone';

/** The embedding settings a service reads from an environment. */
function embeddingSettings(env: Record<string, string | undefined>) {
  return [ingestionService, chatInferenceService].map((service) => {
    const config = loadConfig(service.config, env) as {
      EMBEDDINGS_PROVIDER: string;
      EMBEDDINGS_MODEL?: string;
    };
    return { service: service.name, provider: config.EMBEDDINGS_PROVIDER, model: config.EMBEDDINGS_MODEL };
  });
}

describe('standalone defaults', () => {
  const standalone = { ...standaloneServiceDefaults('/data'), BACKTALK_MODE: 'standalone' };

  it('turn on local dense retrieval in ingestion (which embeds the posts) and chat-inference (which embeds the questions) alike', () => {
    // No EMBEDDINGS_MODEL: both get the AI library's default local model (bge-small, post-index.setup.medium.spec.ts).
    expect(embeddingSettings(standalone)).toEqual([
      { service: 'ingestion', provider: 'local', model: undefined },
      { service: 'chat-inference', provider: 'local', model: undefined },
    ]);
  });

  it('moderate with Llama Guard in-process (`local`), and leave a cluster no default at all', () => {
    const moderation = (env: Record<string, string | undefined>) =>
      (loadConfig(chatInferenceService.config, env) as { MODERATION_PROVIDER: string }).MODERATION_PROVIDER;
    expect(moderation(standalone)).toBe('local');
    expect(moderation({ ...standalone, MODERATION_PROVIDER: 'openai' })).toBe('openai');
    expect(moderation({ ...standalone, MODERATION_PROVIDER: 'none' })).toBe('none');
    // What chat-inference says in a cluster without the setting: chat-inference.config.spec.ts.
    expect(() => moderation({ BACKTALK_MODE: 'cluster' })).toThrow(ConfigError);
  });

  it('yield to the environment, and leave a cluster lexical unless it says otherwise', () => {
    expect(embeddingSettings({ ...standalone, EMBEDDINGS_PROVIDER: 'none' }).map((s) => s.provider)).toEqual([
      'none',
      'none',
    ]);
    expect(
      embeddingSettings({ ...standalone, EMBEDDINGS_MODEL: '/models/mine.gguf' }).map((s) => s.model),
    ).toEqual(['/models/mine.gguf', '/models/mine.gguf']);
    expect(
      embeddingSettings({ BACKTALK_MODE: 'cluster', MODERATION_PROVIDER: 'openai' }).map((s) => s.provider),
    ).toEqual(['none', 'none']);
  });
});
