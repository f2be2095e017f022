import { ConfigError, loadServiceConfig, shownConfigVariables } from '@backtalk/kit';
import { IngestionConfig } from './ingestion.config';

/** The TikTok API provider's settings are checked at start: a bad environment names itself. */
describe('ingestion configuration: the TikTok API provider', () => {
  const load = (env: Record<string, string>) => loadServiceConfig(IngestionConfig, env);
  const problems = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error('the configuration was accepted');
  };

  it('is off without a key and secret, with TikTok’s real addresses by default', () => {
    const config = load({});
    expect(config.TIKTOK_CLIENT_KEY).toBeUndefined();
    expect(config.TIKTOK_CLIENT_SECRET).toBeUndefined();
    expect(config.TIKTOK_AUTHORIZE_URL).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(config.TIKTOK_API_BASE_URL).toBe('https://open.tiktokapis.com');
  });

  it('accepts a key and secret, and a local stand-in on a loopback address', () => {
    const config = load({
      TIKTOK_CLIENT_KEY: 'aw1234abcd',
      TIKTOK_CLIENT_SECRET: 'a-long-enough-secret',
      TIKTOK_API_BASE_URL: 'http://127.0.0.1:4010',
    });
    expect(config.TIKTOK_CLIENT_KEY).toBe('aw1234abcd');
    expect(config.TIKTOK_API_BASE_URL).toBe('http://127.0.0.1:4010');
  });

  it('refuses half a TikTok app, naming the missing variable', () => {
    expect(problems({ TIKTOK_CLIENT_KEY: 'aw1234abcd' })).toEqual([
      {
        variable: 'TIKTOK_CLIENT_SECRET',
        message: 'is required when TIKTOK_CLIENT_KEY is set (the TikTok API provider needs both)',
      },
    ]);
    expect(problems({ TIKTOK_CLIENT_SECRET: 'a-long-enough-secret' })).toEqual([
      {
        variable: 'TIKTOK_CLIENT_KEY',
        message: 'is required when TIKTOK_CLIENT_SECRET is set (the TikTok API provider needs both)',
      },
    ]);
  });

  it('refuses a malformed key, a short secret and addresses that are not https', () => {
    const found = problems({
      TIKTOK_CLIENT_KEY: 'has spaces in it',
      TIKTOK_CLIENT_SECRET: 'short',
      TIKTOK_AUTHORIZE_URL: 'http://tiktok.example.com/v2/auth/authorize/',
      TIKTOK_API_BASE_URL: 'not a url',
    });
    expect(found.map((problem) => problem.variable).sort()).toEqual([
      'TIKTOK_API_BASE_URL',
      'TIKTOK_AUTHORIZE_URL',
      'TIKTOK_CLIENT_KEY',
      'TIKTOK_CLIENT_SECRET',
    ]);
    expect(found.find((problem) => problem.variable === 'TIKTOK_AUTHORIZE_URL')!.message).toBe(
      'must be an https URL (http only on localhost)',
    );
  });

  it('masks the secret on the env-vars page (/dev/env-vars), showing only that it is set', () => {
    const config = load({ TIKTOK_CLIENT_KEY: 'aw1234abcd', TIKTOK_CLIENT_SECRET: 'a-long-enough-secret' });
    const shown = shownConfigVariables(IngestionConfig.schema, config);
    expect(shown.find((variable) => variable.name === 'TIKTOK_CLIENT_SECRET')).toEqual({
      name: 'TIKTOK_CLIENT_SECRET',
      secret: true,
      isSet: true,
    });
    expect(shown.find((variable) => variable.name === 'TIKTOK_CLIENT_KEY')).toEqual({
      name: 'TIKTOK_CLIENT_KEY',
      secret: false,
      value: 'aw1234abcd',
    });
    expect(JSON.stringify(shown)).not.toContain('a-long-enough-secret');
  });
});
