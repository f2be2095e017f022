import { ConfigError, loadConfig, redactConfig } from '@backtalk/kit';
import { generateKeyPairSync } from 'node:crypto';
import { identityConfigSchema } from '../identity.config';
import { configuredOAuthProviders } from './oauth.config';
import { AppleClientSecret } from './apple-client-secret';

const appleKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

const providersOf = (env: Record<string, string>) =>
  configuredOAuthProviders(loadConfig(identityConfigSchema, env)).map((settings) => settings.provider);

describe('OAuth provider configuration', () => {
  it('enables no provider by default, and each one by its credentials alone', () => {
    expect(providersOf({})).toEqual([]);
    expect(
      providersOf({
        OAUTH_GOOGLE_CLIENT_ID: 'g',
        OAUTH_GOOGLE_CLIENT_SECRET: 'gs',
        OAUTH_FACEBOOK_CLIENT_ID: 'f',
        OAUTH_FACEBOOK_CLIENT_SECRET: 'fs',
        OAUTH_APPLE_CLIENT_ID: 'com.example.web',
        OAUTH_APPLE_TEAM_ID: 'TEAM',
        OAUTH_APPLE_KEY_ID: 'KEY',
        OAUTH_APPLE_PRIVATE_KEY: appleKey().replace(/\n/g, '\\n'),
      }).sort(),
    ).toEqual(['apple', 'facebook', 'google']);
  });

  it('uses the real issuers unless told otherwise, and keeps Amazon and Facebook on OAuth 2 without one', () => {
    const config = loadConfig(identityConfigSchema, {
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'gs',
      OAUTH_AMAZON_CLIENT_ID: 'a',
      OAUTH_AMAZON_CLIENT_SECRET: 'as',
    });
    expect(configuredOAuthProviders(config)).toEqual([
      { provider: 'google', clientId: 'g', clientSecret: 'gs', issuer: 'https://accounts.google.com' },
      { provider: 'amazon', clientId: 'a', clientSecret: 'as' },
    ]);
    expect(redactConfig(identityConfigSchema, config).OAUTH_GOOGLE_CLIENT_SECRET).toBe('[secret]');
  });

  it('stops with the missing variables named when a provider is configured in part', () => {
    const config = loadConfig(identityConfigSchema, {
      OAUTH_APPLE_CLIENT_ID: 'com.example.web',
      OAUTH_APPLE_TEAM_ID: 'T',
    });
    expect(() => configuredOAuthProviders(config)).toThrow(ConfigError);
    expect(() => configuredOAuthProviders(config)).toThrow(
      /OAUTH_APPLE_KEY_ID is required to enable apple sign-in.*OAUTH_APPLE_PRIVATE_KEY is required/,
    );
  });

  it.each([
    [
      'an http issuer on a public host',
      { OAUTH_GOOGLE_ISSUER: 'http://accounts.example.com' },
      /OAUTH_GOOGLE_ISSUER must be an https URL/,
    ],
    [
      'an Apple key that is not EC P-256',
      { OAUTH_APPLE_PRIVATE_KEY: 'not a key' },
      /OAUTH_APPLE_PRIVATE_KEY must be the PEM/,
    ],
    ['an empty-looking client id', { OAUTH_FACEBOOK_CLIENT_ID: '   ' }, /OAUTH_FACEBOOK_CLIENT_ID/],
  ])('refuses %s', (_, env, message) => {
    expect(() => loadConfig(identityConfigSchema, env)).toThrow(message);
  });

  it('accepts an http issuer on a loopback host (a local provider)', () => {
    expect(
      loadConfig(identityConfigSchema, { OAUTH_GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).OAUTH_GOOGLE_ISSUER,
    ).toBe('http://127.0.0.1:4000');
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team for the Services ID, 5 minutes long, renewed only near its end', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const secret = new AppleClientSecret({
      provider: 'apple',
      clientId: 'com.example.web',
      teamId: 'TEAM123',
      keyId: 'KEY123',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      issuer: 'https://appleid.apple.com',
    });
    const sent = () => {
      const body = new URLSearchParams();
      secret.clientAuth()(
        { issuer: 'https://appleid.apple.com' },
        { client_id: 'com.example.web' },
        body,
        new Headers(),
      );
      return body;
    };
    expect(sent).toThrow(/not prepared/);
    const now = Date.now();
    await secret.refresh(now);
    const body = sent();
    expect(body.get('client_id')).toBe('com.example.web');
    const { jwtVerify, importSPKI } = await import('jose');
    const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256');
    const { payload, protectedHeader } = await jwtVerify(body.get('client_secret')!, key, {
      issuer: 'TEAM123',
      subject: 'com.example.web',
      audience: 'https://appleid.apple.com',
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY123' });
    expect(payload.exp! - payload.iat!).toBe(300);
    await secret.refresh(now + 60_000);
    expect(sent().get('client_secret')).toBe(body.get('client_secret'));
    await secret.refresh(now + 250_000);
    expect(sent().get('client_secret')).not.toBe(body.get('client_secret'));
  });
});
