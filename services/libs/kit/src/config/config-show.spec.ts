import { z } from 'zod';
import { assertMayShowConfig } from './config-show.controller';
import { baseConfigSchema, secret } from './config.schema';
import { loadConfig, shownConfigVariables } from './load-config';

describe('shownConfigVariables (the developer env-vars page)', () => {
  const schema = baseConfigSchema.extend({
    API_KEY: secret(z.string().min(4)),
    OPTIONAL_SECRET: secret(z.string().optional()),
    ALLOWED_HOSTS: z
      .string()
      .default('a,b')
      .transform((value) => value.split(',')),
  });
  const env = {
    API_KEY: 'sk_live_very_secret_value',
    NATS_URL: 'nats://gateway:hunter2hunter2hunter2@nats.internal:4222',
    DATABASE_URL: 'postgres://app:db-password-123@db:5432/backtalk',
  };
  const shown = shownConfigVariables(schema, loadConfig(schema, env));

  it('lists every variable of the schema, by name', () => {
    expect(shown.map((variable) => variable.name)).toEqual(Object.keys(schema.shape).sort());
    expect(shown).toContainEqual({ name: 'ALLOWED_HOSTS', secret: false, value: 'a,b' });
    expect(shown).toContainEqual({ name: 'REQUEST_TIMEOUT_MS', secret: false, value: '5000' });
  });

  it('never carries a secret value, only whether one is set', () => {
    expect(shown).toContainEqual({ name: 'API_KEY', secret: true, isSet: true });
    expect(shown).toContainEqual({ name: 'OPTIONAL_SECRET', secret: true, isSet: false });
    expect(shown).toContainEqual({ name: 'DATABASE_URL', secret: true, isSet: true });
    const text = JSON.stringify(shown);
    for (const value of ['sk_live_very_secret_value', 'db-password-123', 'hunter2hunter2hunter2']) {
      expect(text).not.toContain(value);
    }
  });

  it('masks the password of a URL in a variable not marked secret', () => {
    expect(shown).toContainEqual({
      name: 'NATS_URL',
      secret: false,
      value: 'nats://gateway:****@nats.internal:4222',
    });
  });

  it('is shown to admins only', () => {
    expect(() => assertMayShowConfig({ groups: [] })).toThrow('Only admins can see the configuration.');
    expect(() => assertMayShowConfig({ groups: ['admin'] })).not.toThrow();
  });
});
