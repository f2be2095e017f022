import { Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { clientAt, createAccount, dataSourceOf, useIdentity } from '../../test/identity.harness';
import { type CommandOutput, runIdentityCommand } from '../identity.cli';

describe('make-admin', () => {
  const identity = useIdentity('make_admin');
  const userId = randomUUID();

  function capture(): CommandOutput & { out: jest.Mock; err: jest.Mock } {
    return { out: jest.fn(), err: jest.fn() };
  }

  const run = (args: string[], output = capture()) =>
    runIdentityCommand(
      ['make-admin', ...args],
      { DATABASE_URL: identity.database.url, LOG_LEVEL: 'silent' },
      output,
    );

  beforeAll(async () => {
    await dataSourceOf(identity.services).query(
      `INSERT INTO identity.users (id, owner, username, email) VALUES ($1::uuid, $1::text, 'ops@example.com', 'ops@example.com')`,
      [userId],
    );
  });

  const session = () =>
    identity.services.client.request(Subjects.IdentitySessionGet, {
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
  const identity = useIdentity('sign_out_user');

  it("ends every session of the account with that email (ASVS 7.4.5), and no one else's", async () => {
    await createAccount(identity.services, 'stolen.phone@example.com');
    await createAccount(identity.services, 'bystander@example.com');
    const signIn = (email: string) =>
      identity.services.client.request(Subjects.IdentitySignInStart, {
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
        { DATABASE_URL: identity.database.url, LOG_LEVEL: 'silent' },
        output,
      ),
    ).resolves.toBe(0);
    expect(output.out).toHaveBeenCalledWith(expect.stringContaining('out of 2 session(s)'));
    for (const session of victim) {
      await expect(
        identity.services.client.request(Subjects.IdentityTokenRefresh, {
          refreshToken: session.refreshToken,
        }),
      ).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    }
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, {
        refreshToken: bystander.refreshToken,
      }),
    ).resolves.toBeDefined();
  });

  it('fails for an email without an account, and prints usage for bad arguments', async () => {
    const env = { DATABASE_URL: identity.database.url, LOG_LEVEL: 'silent' };
    const output = { out: jest.fn(), err: jest.fn() };
    await expect(runIdentityCommand(['sign-out-user', 'nobody@example.com'], env, output)).resolves.toBe(1);
    await expect(runIdentityCommand(['sign-out-user'], env, output)).resolves.toBe(2);
    expect(output.err).toHaveBeenCalledWith(
      'usage: node services/identity/dist/main.js sign-out-user <email>',
    );
  });
});
