import { ErrorCode, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import {
  clientAt,
  createAccount,
  dataSourceOf,
  latestOutboxCode,
  requestedEmailsHandled,
  sendRaw,
  useIdentity,
} from '../../test/identity.harness';

const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Another-Horse-10';

describe('forgot and reset password, and attribute verification', () => {
  const identity = useIdentity('recovery');
  let n = 0;
  const newEmail = () => `fan${++n}.recovery@example.com`;
  const db = () => dataSourceOf(identity.services);
  const forgot = (email: string) =>
    identity.services.client.request(Subjects.IdentityPasswordForgot, { email, client: clientAt() });
  const reset = (email: string, code: string, password = NEW_PASSWORD) =>
    identity.services.client.request(Subjects.IdentityPasswordReset, {
      email,
      code,
      password,
      client: clientAt(),
    });
  const signIn = (email: string, password: string) =>
    identity.services.client.request(Subjects.IdentitySignInStart, { email, password, client: clientAt() });
  const outboxCount = async () =>
    (
      (await db().query('SELECT count(*)::int AS count FROM identity.outbox_messages')) as { count: number }[]
    )[0]!.count;

  it('emails a reset code; the code sets the new password, ends every session, and works once', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    const { session } = await signIn(email, PASSWORD);
    await expect(forgot(email)).resolves.toEqual({
      codeDelivery: { medium: 'EMAIL', destination: 'f***y@example.com' },
    });
    // Answered once the request was stored on identity's durable queue: a crash now loses nothing.
    const stored = (await db().query(
      `SELECT payload FROM identity.durable_messages WHERE subject = 'identity.code-email.requested'`,
    )) as { payload: string }[];
    expect(stored.map((row) => JSON.parse(row.payload) as unknown)).toContainEqual({
      email,
      purpose: 'password-reset',
    });
    const code = await latestOutboxCode(identity.services, email);
    await expect(reset(email, code)).resolves.toEqual({ reset: true });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, {
        refreshToken: session!.refreshToken,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
    await expect(signIn(email, PASSWORD)).rejects.toMatchObject({ code: ErrorCode.AuthInvalidCredentials });
    await expect(signIn(email, NEW_PASSWORD)).resolves.toMatchObject({ nextStep: { step: 'done' } });
    await expect(reset(email, code, 'Third-Horse-11')).rejects.toMatchObject({
      code: ErrorCode.AuthCodeExpired,
    });
  });

  it('answers an email without an account exactly as one with, and sends nothing', async () => {
    const before = await outboxCount();
    await expect(forgot('nobody.recovery@example.com')).resolves.toEqual({
      codeDelivery: { medium: 'EMAIL', destination: 'n***y@example.com' },
    });
    await requestedEmailsHandled(identity.services);
    expect(await outboxCount()).toBe(before);
    await expect(reset('nobody.recovery@example.com', '123456')).rejects.toMatchObject({
      code: ErrorCode.AuthCodeExpired,
    });
  });

  it('checks the new password against §5 before spending the code', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    await forgot(email);
    const code = await latestOutboxCode(identity.services, email);
    await expect(reset(email, code, 'short')).rejects.toMatchObject({
      code: ErrorCode.AuthInvalidPassword,
      message: 'Password must have at least 8 characters',
    });
    await expect(reset(email, code)).resolves.toEqual({ reset: true });
  });

  it('refuses a wrong reset code and keeps the old password', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    await forgot(email);
    const code = await latestOutboxCode(identity.services, email);
    await expect(reset(email, code === '111111' ? '222222' : '111111')).rejects.toMatchObject({
      code: ErrorCode.AuthCodeMismatch,
    });
    await expect(signIn(email, PASSWORD)).resolves.toMatchObject({ nextStep: { step: 'done' } });
  });

  it("cannot reset another account's password with one's own code", async () => {
    const mine = newEmail();
    const theirs = newEmail();
    await createAccount(identity.services, mine);
    await createAccount(identity.services, theirs);
    await forgot(mine);
    const myCode = await latestOutboxCode(identity.services, mine);
    await expect(reset(theirs, myCode)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
    await expect(signIn(theirs, PASSWORD)).resolves.toMatchObject({ nextStep: { step: 'done' } });
  });

  it.each([
    [Subjects.IdentityPasswordForgot, { email: 'bad' }],
    [Subjects.IdentityPasswordReset, { email: 'a@example.com', code: '', password: NEW_PASSWORD }],
    [Subjects.IdentityPasswordReset, { email: 'a@example.com', code: '123456', password: 12345678 }],
  ])('refuses a bad %s payload with VALIDATION_FAILED', async (subject, payload) => {
    await expect(sendRaw(subject, { client: clientAt(), ...payload })).resolves.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it('tells the owner by email that the password was reset (ASVS 6.3.7)', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    await forgot(email);
    await reset(email, await latestOutboxCode(identity.services, email));
    const [notice] = await db().query(
      `SELECT subject, text FROM identity.outbox_messages WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
      [email],
    );
    expect(notice.subject).toBe('Your Backtalk password was changed');
    expect(notice.text).toContain('Every session was signed out');
  });

  describe('password change by a signed-in user (ASVS 6.2.2, 6.2.3, 7.4.3)', () => {
    const change = (
      actor: object,
      currentPassword: string,
      newPassword: string,
      signOutOtherSessions?: boolean,
    ) =>
      identity.services.client.request(Subjects.IdentityPasswordChange, {
        actor: actor as never,
        client: clientAt(),
        currentPassword,
        newPassword,
        ...(signOutOtherSessions === undefined ? {} : { signOutOtherSessions }),
      });
    const signedInTwice = async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      const here = (await signIn(email, PASSWORD)).session!;
      const elsewhere = (await signIn(email, PASSWORD)).session!;
      const sessionId = JSON.parse(Buffer.from(here.accessToken.split('.')[1]!, 'base64url').toString()).sid;
      return { email, here, elsewhere, actor: { userId, userType: 'authenticated', groups: [], sessionId } };
    };
    const refreshes = (refreshToken: string) =>
      identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken }).then(
        () => true,
        () => false,
      );

    it('needs the current password: a wrong one answers like a failed sign-in and changes nothing', async () => {
      const { email, actor } = await signedInTwice();
      await expect(change(actor, 'Wrong-Horse-9', NEW_PASSWORD)).rejects.toMatchObject({
        code: ErrorCode.AuthInvalidCredentials,
        message: 'Incorrect username or password.',
      });
      await expect(signIn(email, PASSWORD)).resolves.toMatchObject({ nextStep: { step: 'done' } });
    });

    it('applies the §5 rules to the new password', async () => {
      const { actor } = await signedInTwice();
      await expect(change(actor, PASSWORD, 'nouppercase1!')).rejects.toMatchObject({
        code: ErrorCode.AuthInvalidPassword,
        message: 'Password must have upper case letters',
      });
    });

    it('changes it, keeps the other sessions unless asked, and tells the owner', async () => {
      const { email, actor, here, elsewhere } = await signedInTwice();
      await expect(change(actor, PASSWORD, NEW_PASSWORD)).resolves.toEqual({
        changed: true,
        otherSessionsEnded: 0,
      });
      expect(await refreshes(elsewhere.refreshToken)).toBe(true);
      expect(await refreshes(here.refreshToken)).toBe(true);
      await expect(signIn(email, NEW_PASSWORD)).resolves.toMatchObject({ nextStep: { step: 'done' } });
      const [notice] = await db().query(
        `SELECT subject FROM identity.outbox_messages WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
        [email],
      );
      expect(notice.subject).toBe('Your Backtalk password was changed');
    });

    it('signs out every other session when asked, keeping this one', async () => {
      const { actor, here, elsewhere } = await signedInTwice();
      await expect(change(actor, PASSWORD, NEW_PASSWORD, true)).resolves.toEqual({
        changed: true,
        otherSessionsEnded: 1,
      });
      expect(await refreshes(elsewhere.refreshToken)).toBe(false);
      expect(await refreshes(here.refreshToken)).toBe(true);
    });

    it('refuses guests', async () => {
      const guest = await identity.services.client.request(Subjects.IdentityGuestCreate, {
        creatorId: 'default',
      });
      await expect(
        change({ userId: guest.userId, userType: 'guest', groups: [] }, PASSWORD, NEW_PASSWORD),
      ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    });
  });

  describe('attribute verification (spec §4 Verify attributes)', () => {
    const actorOf = (userId: string) => ({ userId, userType: 'authenticated' as const, groups: [] });

    it("sends a code to the user's own email; the code marks it verified", async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      await db().query('UPDATE identity.users SET "emailVerified" = false WHERE id = $1', [userId]);
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeVerify, {
          actor: actorOf(userId),
          attribute: 'email',
        }),
      ).resolves.toEqual({ codeDelivery: { medium: 'EMAIL', destination: 'f***y@example.com' } });
      const code = await latestOutboxCode(identity.services, email);
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeConfirm, {
          actor: actorOf(userId),
          attribute: 'email',
          code,
        }),
      ).resolves.toEqual({ verified: true });
      const [user] = await db().query('SELECT "emailVerified" FROM identity.users WHERE id = $1', [userId]);
      expect(user.emailVerified).toBe(true);
    });

    it("cannot verify another user's email with their code", async () => {
      const victim = newEmail();
      const attacker = newEmail();
      const { userId: victimId } = await createAccount(identity.services, victim);
      const { userId: attackerId } = await createAccount(identity.services, attacker);
      await db().query('UPDATE identity.users SET "emailVerified" = false WHERE id = $1', [victimId]);
      await identity.services.client.request(Subjects.IdentityAttributeVerify, {
        actor: actorOf(victimId),
        attribute: 'email',
      });
      const victimCode = await latestOutboxCode(identity.services, victim);
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeConfirm, {
          actor: actorOf(attackerId),
          attribute: 'email',
          code: victimCode,
        }),
      ).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
      const [user] = await db().query('SELECT "emailVerified" FROM identity.users WHERE id = $1', [victimId]);
      expect(user.emailVerified).toBe(false);
    });

    it('refuses guests (FORBIDDEN), unknown users (NOT_FOUND) and an account without a phone number (VALIDATION_FAILED)', async () => {
      const guest = await identity.services.client.request(Subjects.IdentityGuestCreate, {
        creatorId: 'default',
      });
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeVerify, {
          actor: { userId: guest.userId, userType: 'guest', groups: [] },
          attribute: 'email',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeVerify, {
          actor: actorOf(randomUUID()),
          attribute: 'email',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });
      const { userId } = await createAccount(identity.services, newEmail());
      await expect(
        identity.services.client.request(Subjects.IdentityAttributeVerify, {
          actor: actorOf(userId),
          attribute: 'phone_number',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    });

    it.each([
      [Subjects.IdentityAttributeVerify, { attribute: 'email' }],
      [Subjects.IdentityAttributeVerify, { actor: actorOf(randomUUID()), attribute: 'address' }],
      [Subjects.IdentityAttributeConfirm, { actor: actorOf(randomUUID()), attribute: 'email' }],
    ])('refuses a bad %s payload with VALIDATION_FAILED', async (subject, payload) => {
      await expect(sendRaw(subject, payload)).resolves.toMatchObject({ code: ErrorCode.ValidationFailed });
    });
  });
});
