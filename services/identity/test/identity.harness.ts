import { InProcessClient, processBus } from '@backtalk/kit';
import { type ReplyOf, Subjects, type Tokens } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
} from '@backtalk/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { identityService } from '../src/index';
import { type Jose, loadJose } from '../src/signing-key/jose.loader';

/** Standalone mode keeps a generated key-encryption key in its data folder: one throwaway folder per test file. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'backtalk-identity-test-'));

const quietEnv = { BACKTALK_MODE: 'standalone', LOG_LEVEL: 'silent', BACKTALK_DATA_DIR: dataDir };

/** A database of the test file's own, with identity's schema already migrated (copied from a template). */
export function createIdentityDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, { migratedFor: [identityService] });
}

/** The real identity module on the in-process bus, with a client as the gateway would hold it. */
export function startIdentity(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<InProcessServices> {
  return startServicesInProcess([identityService], { ...quietEnv, DATABASE_URL: database.url, ...env });
}

/** The service's own data source, to look at what it stored. */
export function dataSourceOf(services: InProcessServices): DataSource {
  const app = services.apps[0];
  if (!app) throw new Error('identity is not running');
  return app.get(DataSource);
}

/** Sends a payload as-is (no client-side validation), as a misbehaving caller would. */
export function sendRaw(subject: string, payload: unknown): Promise<unknown> {
  return firstValueFrom(new InProcessClient(processBus).send(subject, payload)).catch(
    (error: unknown) => error,
  );
}

export type Jwks = ReplyOf<typeof Subjects.IdentityJwksGet>;

/** Verifies a token as the gateway does: against the published JWKS, issuer and audience. */
export async function verifyToken(jwks: Jwks, token: string) {
  const { createLocalJWKSet, jwtVerify } = await loadJose();
  return jwtVerify(
    token,
    createLocalJWKSet({ keys: jwks.keys as Parameters<Jose['createLocalJWKSet']>[0]['keys'] }),
    {
      issuer: jwks.issuer,
      audience: 'backtalk',
      algorithms: ['ES256'],
      clockTolerance: 5,
    },
  );
}

export async function createGuest(
  services: InProcessServices,
  creatorId = 'default',
): Promise<{ userId: string; tokens: Tokens }> {
  return services.client.request(Subjects.IdentityGuestCreate, { creatorId });
}
