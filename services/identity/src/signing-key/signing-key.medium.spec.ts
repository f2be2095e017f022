import { Subjects } from '@backtalk/proto';
import { type InProcessServices, type TestDatabase } from '@backtalk/testing';
import { loadConfig } from '@backtalk/kit';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityConfigSchema } from '../identity.config';
import { keyIdOf, signingKeyCipherFor, SigningKeyCipher, standaloneKeyFile } from './signing-key.cipher';
import {
  createIdentityDatabase,
  createGuest,
  dataSourceOf,
  startIdentity,
  verifyToken,
} from '../../test/identity.harness';
import { type Jose, loadJose } from './jose.loader';
import { SigningKeyRepository } from './signing-key.repository';
import { SigningKeyService } from './signing-key.service';

type Jwk = Parameters<Jose['calculateJwkThumbprint']>[0];

// Tests boot identity once or twice each: more than jest's default 5 s on a busy machine.
jest.setTimeout(30_000);

describe('signing keys and identity.jwks.get', () => {
  const databases: TestDatabase[] = [];
  const running: InProcessServices[] = [];

  async function freshDatabase(): Promise<TestDatabase> {
    const database = await createIdentityDatabase('keys');
    databases.push(database);
    return database;
  }

  async function boot(database: TestDatabase, env: Record<string, string> = {}): Promise<InProcessServices> {
    const services = await startIdentity(database, env);
    running.push(services);
    return services;
  }

  async function stop(services: InProcessServices): Promise<void> {
    running.splice(running.indexOf(services), 1);
    await services.close();
  }

  const kidOf = async (services: InProcessServices) =>
    (await services.apps[0]!.get(SigningKeyService).current()).kid;

  afterEach(async () => {
    for (const services of running.splice(0)) await services.close();
  });
  // One database per test: dropping them all outlasts the default hook timeout on a busy machine.
  afterAll(async () => {
    for (const database of databases) await database.drop();
  }, 60_000);

  it('publishes one ES256 public key, named by its RFC 7638 thumbprint, and the issuer', async () => {
    const services = await boot(await freshDatabase());
    const jwks = await services.client.request(Subjects.IdentityJwksGet, {});

    expect(jwks.issuer).toBe('backtalk-identity');
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    const { calculateJwkThumbprint } = await loadJose();
    expect(key!.kid).toBe(await calculateJwkThumbprint(key as Jwk, 'sha256'));
  });

  it('generates the key once and keeps it across restarts: tokens issued before still verify', async () => {
    const database = await freshDatabase();
    const first = await boot(database);
    const guest = await createGuest(first);
    const kid = await kidOf(first);
    await stop(first);

    const second = await boot(database);
    expect(await kidOf(second)).toBe(kid);
    const jwks = await second.client.request(Subjects.IdentityJwksGet, {});
    expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
    await expect(verifyToken(jwks, guest.tokens.accessToken)).resolves.toBeDefined();
    const stored = await dataSourceOf(second).query('SELECT kid FROM identity.signing_keys');
    expect(stored).toEqual([{ kid }]);
  });

  it('has two replicas booting at once on a fresh database agree on one key', async () => {
    const database = await freshDatabase();
    const [a, b] = await Promise.all([boot(database), boot(database)]);

    const kid = await kidOf(a);
    expect(await kidOf(b)).toBe(kid);
    const stored = await dataSourceOf(a).query('SELECT kid FROM identity.signing_keys');
    expect(stored).toEqual([{ kid }]);
  });

  it('keeps exactly one active key when many candidates race to be stored', async () => {
    const services = await boot(await freshDatabase());
    const db = dataSourceOf(services);
    await db.query('DELETE FROM identity.signing_keys');
    const keys = services.apps[0]!.get(SigningKeyRepository);

    const winners = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        keys.activateIfNoneActive({ kid: `candidate-${index}`, sealedPrivateKey: `pem-${index}` }),
      ),
    );
    expect(new Set(winners.map((winner) => winner.kid)).size).toBe(1);
    expect(await db.query('SELECT count(*)::int AS count FROM identity.signing_keys')).toEqual([
      { count: 1 },
    ]);
  });

  it('signs with JWT_PRIVATE_KEY when configured, stores no key, and uses JWT_ISSUER', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // As it often arrives from an env file: one line with \n escapes.
    const services = await boot(await freshDatabase(), {
      JWT_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
      JWT_ISSUER: 'https://id.example.test',
    });
    const jwks = await services.client.request(Subjects.IdentityJwksGet, {});
    const { calculateJwkThumbprint, jwtVerify } = await loadJose();
    const publicJwk = publicKey.export({ format: 'jwk' });

    expect(jwks.issuer).toBe('https://id.example.test');
    expect(jwks.keys).toEqual([
      {
        ...publicJwk,
        kid: await calculateJwkThumbprint(publicJwk as Jwk, 'sha256'),
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    const guest = await createGuest(services);
    const verified = await jwtVerify(guest.tokens.accessToken, publicKey, {
      issuer: 'https://id.example.test',
      audience: 'backtalk',
    });
    expect(verified.payload.sub).toBe(guest.userId);
    expect(await dataSourceOf(services).query('SELECT kid FROM identity.signing_keys')).toEqual([]);
  });

  describe('at rest (docs/security.md 7.14)', () => {
    const newKey = () => randomBytes(32);
    const stored = async (services: InProcessServices) =>
      (await dataSourceOf(services).query('SELECT kid, "sealedPrivateKey" FROM identity.signing_keys')) as {
        kid: string;
        sealedPrivateKey: string;
      }[];

    it('stores the key encrypted with JWT_KEY_ENCRYPTION_KEY, never the PEM', async () => {
      const key = newKey();
      const services = await boot(await freshDatabase(), { JWT_KEY_ENCRYPTION_KEY: key.toString('base64') });
      const [row] = await stored(services);
      expect(row!.sealedPrivateKey).not.toContain('PRIVATE KEY');
      expect(row!.sealedPrivateKey.startsWith(`v1.${keyIdOf(key)}.`)).toBe(true);
      const pem = new SigningKeyCipher(key).open(row!.sealedPrivateKey, row!.kid);
      expect(pem).toContain('BEGIN PRIVATE KEY');
    });

    it('encrypts a key stored in plain text before, at start, and keeps signing with it', async () => {
      const database = await freshDatabase();
      const key = newKey();
      const env = { JWT_KEY_ENCRYPTION_KEY: key.toString('base64') };
      const first = await boot(database, env);
      const kid = await kidOf(first);
      const [row] = await stored(first);
      const pem = new SigningKeyCipher(key).open(row!.sealedPrivateKey, row!.kid);
      // As rows were stored before encryption existed.
      await dataSourceOf(first).query('UPDATE identity.signing_keys SET "sealedPrivateKey" = $1', [pem]);
      await stop(first);

      const second = await boot(database, env);
      expect(await kidOf(second)).toBe(kid);
      const [after] = await stored(second);
      expect(after!.sealedPrivateKey).not.toContain('PRIVATE KEY');
      expect(new SigningKeyCipher(key).open(after!.sealedPrivateKey, kid)).toBe(pem);
    });

    it('stops at start with a clear error when the key-encryption key is wrong', async () => {
      const database = await freshDatabase();
      const first = await boot(database, { JWT_KEY_ENCRYPTION_KEY: newKey().toString('base64') });
      await stop(first);
      await expect(boot(database, { JWT_KEY_ENCRYPTION_KEY: newKey().toString('hex') })).rejects.toThrow(
        /JWT_KEY_ENCRYPTION_KEY cannot be used: the stored signing key \S+ was encrypted with key id [0-9a-f]{16}/,
      );
    });

    it('still starts with JWT_PRIVATE_KEY when the stored, unused key cannot be opened', async () => {
      const database = await freshDatabase();
      await stop(await boot(database, { JWT_KEY_ENCRYPTION_KEY: newKey().toString('base64') }));
      const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const services = await boot(database, {
        JWT_PRIVATE_KEY: pem,
        JWT_KEY_ENCRYPTION_KEY: newKey().toString('base64'),
      });
      await expect(createGuest(services)).resolves.toMatchObject({ userId: expect.any(String) });
    });

    it('rotates: a previous key still opens the stored key, which is resealed with the current one', async () => {
      const database = await freshDatabase();
      const old = newKey();
      const current = newKey();
      const first = await boot(database, { JWT_KEY_ENCRYPTION_KEY: old.toString('base64') });
      const kid = await kidOf(first);
      await stop(first);
      const second = await boot(database, {
        JWT_KEY_ENCRYPTION_KEY: current.toString('base64'),
        JWT_KEY_ENCRYPTION_PREVIOUS_KEYS: old.toString('base64'),
      });
      expect(await kidOf(second)).toBe(kid);
      const [row] = await stored(second);
      expect(row!.sealedPrivateKey.startsWith(`v1.${keyIdOf(current)}.`)).toBe(true);
    });

    it('requires a key-encryption key in cluster mode without JWT_PRIVATE_KEY', () => {
      const config = loadConfig(identityConfigSchema, { BACKTALK_MODE: 'cluster' });
      expect(() => signingKeyCipherFor(config)).toThrow(
        /JWT_KEY_ENCRYPTION_KEY is required when JWT_PRIVATE_KEY is not set/,
      );
      expect(() => loadConfig(identityConfigSchema, { JWT_KEY_ENCRYPTION_KEY: 'too-short' })).toThrow(
        /JWT_KEY_ENCRYPTION_KEY must be 32 random bytes/,
      );
    });

    it('generates its own key in standalone mode, in the data folder, readable by its owner only', () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'backtalk-kek-'));
      const config = loadConfig(identityConfigSchema, {
        BACKTALK_MODE: 'standalone',
        BACKTALK_DATA_DIR: dataDir,
      });
      const first = signingKeyCipherFor(config)!;
      expect(statSync(standaloneKeyFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(signingKeyCipherFor(config)!.currentKeyId).toBe(first.currentKeyId);
    });
  });
});
