import { ACCESS_PROBES, type AccessProbeContext, type AccessRole, accessOutcomeOf } from '@backtalk/proto';
import {
  startTestSmtpServer,
  type InProcessServices,
  type TestDatabase,
  type TestSmtpServer,
} from '@backtalk/testing';
import type { StartedGateway } from '@backtalk/gateway';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const PASSWORD = 'Correct-Horse-9';
/** Secret values the platform runs with; the env-vars route must never answer one. */
const SECRETS = {
  STRIPE_WEBHOOK_SECRET: 'whsec_operatorsHttpSecret42',
  QDRANT_API_KEY: 'qdrant-operators-http-secret-42',
};

/**
 * Issue 12 items 2 and 3 over HTTP: the admin routes (demo accounts and their prompts), the
 * developer routes (configuration, auth test) and the model-test matrix (ACCESS_PROBES), run as a
 * guest, a user and an admin — the same probes /dev/model-test runs in the browser.
 */
describe('admin and developer routes over HTTP (spec §2, §6)', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let gateway: StartedGateway;
  let smtp: TestSmtpServer;
  const tokens = {} as Record<AccessRole, string>;
  let adminId: string;
  const call = gatewayHttp(() => gateway.url);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await createSystemTestDatabase('operators');
    ({ services, gateway } = await startPlatformInProcess({
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Backtalk <codes@backtalk.test>',
      ...SECRETS,
    }));
    const codeFor = (to: string) => smtp.waitFor(to, /Your code is (\d{6})/);
    tokens.guest = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken;
    tokens.user = (await signUpAccount(call, 'fan@backtalk.test', PASSWORD, codeFor)).token;
    await signUpAccount(call, 'ops@backtalk.test', PASSWORD, codeFor);
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'services/identity/dist/main.js'), 'make-admin', 'ops@backtalk.test'],
      { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' } },
    );
    const signedIn = await call('/api/auth/sign-in', {
      body: { email: 'ops@backtalk.test', password: PASSWORD },
    });
    tokens.admin = signedIn.body.session.accessToken;
    adminId = (await call('/api/auth/session', { token: tokens.admin })).body.userId;
  });
  afterAll(async () => {
    await gateway?.app.close();
    await services?.close();
    await database?.drop();
    await smtp?.close();
  });

  const demoAccounts = async () =>
    (await call('/api/admin/demo-accounts', { token: tokens.admin })).body.demoAccounts as {
      creatorId: string;
      creatorPrompt: string;
      promptVersions: number;
    }[];

  it('lists the demo creators with their prompts to admins only', async () => {
    const demos = await demoAccounts();
    const listed = (await call('/api/creators?demoAccount=true', { token: tokens.guest })).body.creators;
    expect(demos.map((demo) => demo.creatorId).sort()).toEqual(
      listed.map((c: { id: string }) => c.id).sort(),
    );
    expect(demos.every((demo) => demo.creatorPrompt.length > 0)).toBe(true);
    for (const role of ['guest', 'user'] as const) {
      expect(await call('/api/admin/demo-accounts', { token: tokens[role] })).toEqual({
        status: 403,
        body: {
          code: 'FORBIDDEN',
          message: 'Only admins can see and edit demo accounts.',
          service: 'creators',
        },
      });
    }
    expect((await call('/api/admin/demo-accounts')).status).toBe(401);
  });

  it("saves an admin's edit as a prompt version; nobody else's, and no bad input, changes anything", async () => {
    const [demo] = await demoAccounts();
    const route = `/api/admin/demo-accounts/${demo.creatorId}/prompt`;
    for (const role of ['guest', 'user'] as const) {
      const refused = await call(route, {
        method: 'PUT',
        body: { creatorPrompt: 'Hijacked' },
        token: tokens[role],
      });
      expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    for (const [target, body] of [
      [route, { creatorPrompt: '' }],
      [route, { creatorPrompt: '   ' }],
      [route, { creatorPrompt: 'x'.repeat(4001) }],
      [route, { creatorPrompt: 'ok', demoAccount: false }],
      [route, { prompt: 'wrong field' }],
      [route, '{"creatorPrompt":'],
      ['/api/admin/demo-accounts/not-a-uuid/prompt', { creatorPrompt: 'ok' }],
    ] as const) {
      const answer = await call(target, { method: 'PUT', body, token: tokens.admin });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    // A creator that is not a demo account (or does not exist) is not an admin's to edit.
    const missing = await call('/api/admin/demo-accounts/6f1c2e0a-5d4b-4c3a-9e8f-1a2b3c4d5e6f/prompt', {
      method: 'PUT',
      body: { creatorPrompt: 'ok' },
      token: tokens.admin,
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'CREATOR_NOT_FOUND' } });
    expect((await demoAccounts()).find((d) => d.creatorId === demo.creatorId)).toEqual(demo);

    const saved = await call(route, {
      method: 'PUT',
      body: { creatorPrompt: 'Speak like a pirate chef.' },
      token: tokens.admin,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        creatorId: demo.creatorId,
        creatorPrompt: 'Speak like a pirate chef.',
        promptVersions: demo.promptVersions + 2,
      },
    });
    const versions = await call(`/api/creator/prompt?creatorId=${demo.creatorId}`, { token: tokens.admin });
    expect(versions.body.versions[0]).toMatchObject({
      creatorPrompt: 'Speak like a pirate chef.',
      editedBy: adminId,
    });
  });

  it("shows every service's configuration to admins, with no secret value anywhere", async () => {
    const answer = await call('/api/dev/env-vars', { token: tokens.admin });
    expect(answer.status).toBe(200);
    const services = answer.body.services as {
      service: string;
      status: string;
      variables: { name: string }[];
    }[];
    expect(services.map((service) => [service.service, service.status])).toEqual(
      ['gateway', 'identity', 'creators', 'ingestion', 'chat-inference', 'billing', 'feature-flags'].map(
        (name) => [name, 'ok'],
      ),
    );
    const gatewayVariables = services[0].variables;
    expect(gatewayVariables).toContainEqual({ name: 'STRIPE_WEBHOOK_SECRET', secret: true, isSet: true });
    expect(gatewayVariables).toContainEqual({ name: 'THROTTLE_PER_MINUTE', secret: false, value: '600' });
    const text = JSON.stringify(answer.body);
    for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
    for (const role of ['guest', 'user'] as const) {
      expect(await call('/api/dev/env-vars', { token: tokens[role] })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only admins can see the configuration.' },
      });
    }
  });

  it('auth-test answers the verified session and claims, and 401 without a token', async () => {
    const answer = await call('/api/dev/auth-test', { token: tokens.admin });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        actor: { userId: adminId, userType: 'authenticated', groups: ['admin'] },
        claims: { sub: adminId },
      },
    });
    expect(Date.parse(answer.body.expiresAt)).toBeGreaterThan(Date.now());
    expect(await call('/api/dev/auth-test')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(await call('/api/dev/auth-test', { token: 'not.a.token' })).toMatchObject({ status: 401 });
  });

  it.each(['guest', 'user', 'admin'] as const)(
    'answers every probe of the model-test matrix as a %s',
    async (role) => {
      const token = tokens[role];
      const demos = (await call('/api/creators?demoAccount=true', { token })).body.creators;
      const flag = (await call('/api/feature-flags', { token })).body.flags.find(
        (candidate: { name: string }) => candidate.name === 'bypassSubscriptions',
      );
      const readable = await call('/api/admin/demo-accounts', { token });
      const context: AccessProbeContext = {
        demoCreatorId: demos[0].id,
        demoCreatorPrompt:
          readable.status === 200
            ? readable.body.demoAccounts.find((demo: { creatorId: string }) => demo.creatorId === demos[0].id)
                .creatorPrompt
            : 'Model test probe',
        flagId: flag.id,
        flagEnabled: flag.enabled,
      };
      const outcomes = [];
      for (const probe of ACCESS_PROBES) {
        const answer = await call(probe.path(context), {
          method: probe.method,
          ...(probe.body ? { body: probe.body(context) } : {}),
          token,
        });
        outcomes.push({
          probe: `${probe.model} ${probe.operation}: ${probe.what}`,
          outcome: accessOutcomeOf(answer.status),
        });
      }
      expect(outcomes).toEqual(
        ACCESS_PROBES.map((probe) => ({
          probe: `${probe.model} ${probe.operation}: ${probe.what}`,
          outcome: probe.expected[role],
        })),
      );
      // The probes wrote back what was there.
      const after = (await call('/api/feature-flags', { token })).body.flags.find(
        (candidate: { name: string }) => candidate.name === 'bypassSubscriptions',
      );
      expect(after.enabled).toBe(flag.enabled);
    },
  );
});
