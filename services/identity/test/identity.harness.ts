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

/** identity as the tests of one describe block see it: started before them, stopped after. */
export interface IdentityUnderTest {
  readonly database: TestDatabase;
  readonly services: InProcessServices;
  readonly jwks: Jwks;
}

/**
 * Starts identity on a migrated database of its own before the enclosing block's tests
 * (`label` names the database) and stops it and drops the database after them. `env` may be
 * a function, read when identity starts, for settings known only then (a test server's URL).
 */
export function useIdentity(
  label: string,
  env: Record<string, string> | (() => Record<string, string>) = {},
): IdentityUnderTest {
  let database: TestDatabase | undefined;
  let services: InProcessServices | undefined;
  let jwks: Jwks | undefined;
  beforeAll(async () => {
    database = await createIdentityDatabase(label);
    services = await startIdentity(database, typeof env === 'function' ? env() : env);
    jwks = await services.client.request(Subjects.IdentityJwksGet, {});
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error(`identity (${label}) runs only during its describe block's tests`);
    return value;
  };
  return {
    get database() {
      return started(database);
    },
    get services() {
      return started(services);
    },
    get jwks() {
      return started(jwks);
    },
  };
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

let clients = 0;
/**
 * The client the gateway would name for a request from `ip`; by default a new
 * address each time, so per-address limits only bite the tests about them.
 */
export function clientAt(ip?: string) {
  clients += 1;
  return { ip: ip ?? `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`, userAgent: 'jest' };
}

/** The newest email to `to` in the development outbox (standalone: no SMTP_URL), or undefined. */
export async function latestOutboxMessage(services: InProcessServices, to: string) {
  const { messages } = await services.client.request(Subjects.IdentityOutboxList, { limit: 100 });
  return messages.find((candidate) => candidate.to === to);
}

/**
 * Waits until identity has handled every requested code email (forgot password and resends send
 * after answering, through its durable queue), so a test can look at what was or was not sent.
 */
export async function requestedEmailsHandled(services: InProcessServices): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = (await dataSourceOf(services).query(
      `SELECT count(*)::int AS pending FROM identity.durable_messages WHERE state = 'pending'`,
    )) as { pending: number }[];
    if (row?.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.pending} requested code emails still pending`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The newest code emailed to `to`, read from the development outbox once every requested code
 * email was handled (forgot password and resends email after answering).
 */
export async function latestOutboxCode(services: InProcessServices, to: string): Promise<string> {
  await requestedEmailsHandled(services);
  const message = await latestOutboxMessage(services, to);
  const code = /Your code is (\d{6})/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code emailed to ${to}`);
  return code;
}

/** A confirmed account with this password, signed up and confirmed through the handlers. */
export async function createAccount(
  services: InProcessServices,
  email: string,
  password = 'Correct-Horse-9',
): Promise<{ userId: string }> {
  await services.client.request(Subjects.IdentityAccountSignUp, { email, password, client: clientAt() });
  const code = await latestOutboxCode(services, email);
  await services.client.request(Subjects.IdentityAccountConfirmSignUp, { email, code, client: clientAt() });
  const [row] = await dataSourceOf(services).query('SELECT id FROM identity.users WHERE email = $1', [email]);
  return { userId: (row as { id: string }).id };
}
