import { ConfigError, loadConfig, redactConfig } from '@backtalk/kit';
import { generateKeyPairSync } from 'node:crypto';
import { identityConfigSchema } from './identity.config';

function pem(type: 'ec' | 'rsa', namedCurve = 'P-256'): string {
  const { privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

describe('identity configuration', () => {
  it('has working defaults without a signing key', () => {
    expect(loadConfig(identityConfigSchema, {})).toMatchObject({
      JWT_ISSUER: 'backtalk-identity',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
    });
    expect(loadConfig(identityConfigSchema, {}).JWT_PRIVATE_KEY).toBeUndefined();
  });

  it('accepts a P-256 PKCS8 key, also with \\n escapes, and never shows it', () => {
    const key = pem('ec');
    const config = loadConfig(identityConfigSchema, { JWT_PRIVATE_KEY: key.replace(/\n/g, '\\n') });
    expect(config.JWT_PRIVATE_KEY).toBe(key.trim());
    expect(redactConfig(identityConfigSchema, config).JWT_PRIVATE_KEY).toBe('[secret]');
  });

  it('accepts a SEC1 ("EC PRIVATE KEY") P-256 key too', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const sec1 = privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    expect(loadConfig(identityConfigSchema, { JWT_PRIVATE_KEY: sec1 }).JWT_PRIVATE_KEY).toContain(
      'BEGIN EC PRIVATE KEY',
    );
  });

  it.each([
    ['text that is no key', 'hello', /JWT_PRIVATE_KEY is not a PEM-encoded private key/],
    ['an RSA key', pem('rsa'), /JWT_PRIVATE_KEY must be an EC P-256 key/],
    ['a key on another curve', pem('ec', 'P-384'), /JWT_PRIVATE_KEY must be an EC P-256 key/],
  ])('refuses %s, naming the variable', (_label, value, message) => {
    expect(() => loadConfig(identityConfigSchema, { JWT_PRIVATE_KEY: value })).toThrow(ConfigError);
    expect(() => loadConfig(identityConfigSchema, { JWT_PRIVATE_KEY: value })).toThrow(message);
  });

  it('refuses a token lifetime that is not a positive whole number of seconds', () => {
    expect(() => loadConfig(identityConfigSchema, { ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS/,
    );
    expect(() => loadConfig(identityConfigSchema, { REFRESH_TOKEN_TTL_SECONDS: 'soon' })).toThrow(
      /REFRESH_TOKEN_TTL_SECONDS/,
    );
  });
});
