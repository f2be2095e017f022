import { Subjects } from '@backtalk/proto';
import { type InProcessServices, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import {
  clientAt,
  createAccount,
  createIdentityDatabase,
  dataSourceOf,
  startIdentity,
} from '../../test/identity.harness';
import { type CommandOutput, runIdentityCommand } from '../identity.cli';

describe('make-admin', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  const userId = randomUUID();

  function capture(): CommandOutput & { out: jest.Mock; err: jest.Mock } {
    return { out: jest.fn(), err: jest.fn() };
  }

  const run = (args: string[], output = capture()) =>
    runIdentityCommand(['make-admin', ...args], { DATABASE_URL: database.url, LOG_LEVEL: 'silent' }, output);

  beforeAll(async () => {
    database = await createIdentityDatabase('make_admin');
    services = await startIdentity(database);
    await dataSourceOf(services).query(
      `INSERT INTO identity.users (id, owner, username, email) VALUES ($1::uuid, $1::text, 'ops@example.com', 'ops@example.com')`,
      [userId],
    );
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  const session = () =>
    services.client.request(Subjects.IdentitySessionGet, {
      actor: { userId, userType: 'authenticated', groups: [] },
    });

  it('adds the admin group to the user with that email (matched case-insensitively)', async () => {
    const output = capture();
    await expect(run(['Ops@Example.com'], output)).resolves.toBe(0);
    expect(output.out).toHaveBeenCalledWith(expect.stringContaining('is now in the admin group'));
    await expect(session()).resolves.toMatchObject({ groups: ['admin'] });
  });

  it('changes nothing when run again', async () => {
    const output = capture();
    await expect(run(['ops@example.com'], output)).resolves.toBe(0);
    expect(output.out).toHaveBeenCalledWith('identity: ops@example.com is already in the admin group');
    await expect(session()).resolves.toMatchObject({ groups: ['admin'] });
  });

  it('says clearly when no user has that email, and fails', async () => {
    const output = capture();
    await expect(run(['nobody@example.com'], output)).resolves.toBe(1);
    expect(output.err).toHaveBeenCalledWith(
      'identity: no user has the email nobody@example.com; they must sign up first',
    );
  });

  it.each([[[]], [['not-an-email']], [['a@example.com', 'b@example.com']]])(
    'prints usage for arguments %j',
    async (args) => {
      const output = capture();
      await expect(run(args, output)).resolves.toBe(2);
      expect(output.err).toHaveBeenCalledWith(
        'usage: node services/identity/dist/main.js make-admin <email>',
      );
    },
  );

  it('leaves every other command to the kit', () => {
    expect(runIdentityCommand(['serve'])).toBeNull();
    expect(runIdentityCommand(['migrate'])).toBeNull();
    expect(runIdentityCommand([])).toBeNull();
  });
});

describe('sign-out-user', () => {
  let database: TestDatabase;
  let services: InProcessServices;

  beforeAll(async () => {
    database = await createIdentityDatabase('sign_out_user');
    services = await startIdentity(database);
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it("ends every session of the account with that email (ASVS 7.4.5), and no one else's", async () => {
    await createAccount(services, 'stolen.phone@example.com');
    await createAccount(services, 'bystander@example.com');
    const signIn = (email: string) =>
      services.client.request(Subjects.IdentitySignInStart, {
        email,
        password: 'Correct-Horse-9',
        client: clientAt(),
      });
    const victim = [
      (await signIn('stolen.phone@example.com')).session!,
      (await signIn('stolen.phone@example.com')).session!,
    ];
    const bystander = (await signIn('bystander@example.com')).session!;
    const output = { out: jest.fn(), err: jest.fn() };
    await expect(
      runIdentityCommand(
        ['sign-out-user', 'Stolen.Phone@example.com'],
        { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        output,
      ),
    ).resolves.toBe(0);
    expect(output.out).toHaveBeenCalledWith(expect.stringContaining('out of 2 session(s)'));
    for (const session of victim) {
      await expect(
        services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: session.refreshToken }),
      ).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    }
    await expect(
      services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: bystander.refreshToken }),
    ).resolves.toBeDefined();
  });

  it('fails for an email without an account, and prints usage for bad arguments', async () => {
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const output = { out: jest.fn(), err: jest.fn() };
    await expect(runIdentityCommand(['sign-out-user', 'nobody@example.com'], env, output)).resolves.toBe(1);
    await expect(runIdentityCommand(['sign-out-user'], env, output)).resolves.toBe(2);
    expect(output.err).toHaveBeenCalledWith(
      'usage: node services/identity/dist/main.js sign-out-user <email>',
    );
  });
});
