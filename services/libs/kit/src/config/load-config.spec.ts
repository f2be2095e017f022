import { z } from 'zod';
import { ConfigError, loadConfig, redactConfig } from './load-config';
import { baseConfigSchema, secret } from './config.schema';

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ API_KEY: secret(z.string().min(4)) });

  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, { API_KEY: 'abcd', REQUEST_TIMEOUT_MS: '750' });
    expect(config.REQUEST_TIMEOUT_MS).toBe(750);
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('names a missing variable', () => {
    expect(() => loadConfig(schema, {})).toThrow(/API_KEY is required/);
  });

  it('names a bad variable and says why', () => {
    try {
      loadConfig(schema, { API_KEY: 'abcd', NATS_URL: 'http://x', REQUEST_TIMEOUT_MS: 'soon' });
      fail('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const variables = (error as ConfigError).problems.map((problem) => problem.variable);
      expect(variables).toEqual(expect.arrayContaining(['NATS_URL', 'REQUEST_TIMEOUT_MS']));
      expect((error as ConfigError).message).toContain('NATS_URL must be a nats:// URL');
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(schema, { API_KEY: 'abcd', LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it('redacts secrets', () => {
    const config = loadConfig(schema, { API_KEY: 'abcd' });
    const safe = redactConfig(schema, config);
    expect(safe.API_KEY).toBe('[secret]');
    expect(safe.DATABASE_URL).toBe('[secret]');
    expect(safe.LOG_LEVEL).toBe('info');
  });
});
