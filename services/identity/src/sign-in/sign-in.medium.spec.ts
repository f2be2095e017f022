import { ErrorCode, Subjects } from '@backtalk/proto';
import {
  clientAt,
  createAccount,
  dataSourceOf,
  latestOutboxCode,
  sendRaw,
  verifyToken,
  useIdentity,
} from '../../test/identity.harness';

const PASSWORD = 'Correct-Horse-9';

describe('sign-in, its steps and the brute-force limits', () => {
  const identity = useIdentity('sign_in');
  let n = 0;
  const newEmail = () => `fan${++n}.signin@example.com`;
  const signIn = (email: string, password = PASSWORD, ip?: string) =>
    identity.services.client.request(Subjects.IdentitySignInStart, { email, password, client: clientAt(ip) });
  const respond = (challenge: string, answer: Record<string, unknown>) =>
    identity.services.client.request(Subjects.IdentitySignInRespond, {
      challenge,
      answer: answer as never,
      client: clientAt(),
    });
  const db = () => dataSourceOf(identity.services);
  /** Lets the slow-down wait of every account pass, as time would. */
  const waitOutSlowDown = () =>
    db().query(`UPDATE identity.rate_limits SET expire = 0 WHERE key LIKE '%signin-wait-account%'`);

  it('signs in a confirmed account: done, with tokens naming the user and the session', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    const reply = await signIn(email.toUpperCase());
    expect(reply.nextStep).toEqual({ step: 'done' });
    expect(reply.challenge).toBeUndefined();
    const access = await verifyToken(identity.jwks, reply.session!.accessToken);
    expect(access.payload).toMatchObject({
      sub: userId,
      token_use: 'access',
      user_type: 'authenticated',
      username: email,
      sid: expect.any(String),
    });
    const [session] = await db().query('SELECT * FROM identity.sessions WHERE id = $1', [access.payload.sid]);
    expect(session).toMatchObject({ userId, userAgent: 'jest', revokedAt: null });
  });

  it('answers an unknown email and a wrong password with the same code and words', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    const wrong = await signIn(email, 'Wrong-Horse-9').catch((error: unknown) => error);
    const unknown = await signIn('nobody.signin@example.com').catch((error: unknown) => error);
    for (const error of [wrong, unknown]) {
      expect(error).toMatchObject({
        code: ErrorCode.AuthInvalidCredentials,
        message: 'Incorrect username or password.',
      });
      expect((error as { details?: unknown }).details).toBeUndefined();
    }
  });

  it('puts the admin group (make-admin) in the ID token group claim', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    await db().query(`UPDATE identity.users SET groups = '{admin}' WHERE id = $1`, [userId]);
    const { session } = await signIn(email);
    expect((await verifyToken(identity.jwks, session!.idToken)).payload.groups).toEqual(['admin']);
  });

  it('tells an unconfirmed account only after the right password, and sends a new code', async () => {
    const email = newEmail();
    await identity.services.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      client: clientAt(),
    });
    await expect(signIn(email, 'Wrong-Horse-9')).rejects.toMatchObject({
      code: ErrorCode.AuthInvalidCredentials,
    });
    const first = await latestOutboxCode(identity.services, email);
    const reply = await signIn(email);
    expect(reply).toMatchObject({
      nextStep: {
        step: 'confirmSignUp',
        codeDelivery: { medium: 'EMAIL', destination: 'f***n@example.com' },
      },
      challenge: expect.any(String),
    });
    const code = await latestOutboxCode(identity.services, email);
    const [{ count }] = await db().query(
      `SELECT count(*)::int AS count FROM identity.outbox_messages WHERE "to" = $1`,
      [email],
    );
    expect(count).toBe(2);
    if (code !== first) {
      await expect(
        identity.services.client.request(Subjects.IdentityAccountConfirmSignUp, {
          email,
          code: first,
          client: clientAt(),
        }),
      ).rejects.toMatchObject({ code: ErrorCode.AuthCodeMismatch });
    }
    const confirmed = await identity.services.client.request(Subjects.IdentityAccountConfirmSignUp, {
      email,
      code,
      challenge: reply.challenge!,
      client: clientAt(),
    });
    expect(confirmed.nextStep).toEqual({ step: 'done' });
  });

  describe('forced password change (spec §4 "New password required")', () => {
    it('asks for a new password, refuses a weak one without spending the challenge, then signs in', async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      await db().query(`UPDATE identity.users SET "passwordChangeRequired" = true WHERE id = $1`, [userId]);
      const first = await signIn(email);
      expect(first).toEqual({ nextStep: { step: 'forceNewPassword' }, challenge: expect.any(String) });
      await expect(
        respond(first.challenge!, { kind: 'newPassword', password: 'weakweak' }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthInvalidPassword,
        message: 'Password must have upper case letters',
      });
      await expect(respond(first.challenge!, { kind: 'code', code: '123456' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      const done = await respond(first.challenge!, { kind: 'newPassword', password: 'Brand-New-Horse-7' });
      expect(done.nextStep).toEqual({ step: 'done' });
      // A challenge answers once.
      await expect(
        respond(first.challenge!, { kind: 'newPassword', password: 'Brand-New-Horse-8' }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthChallengeExpired,
        message: 'Your sign-in session has expired. Please sign in again.',
      });
      await expect(signIn(email)).rejects.toMatchObject({ code: ErrorCode.AuthInvalidCredentials });
      await expect(signIn(email, 'Brand-New-Horse-7')).resolves.toMatchObject({ nextStep: { step: 'done' } });
    });

    it('expires the challenge after 3 minutes (spec §9)', async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      await db().query(`UPDATE identity.users SET "passwordChangeRequired" = true WHERE id = $1`, [userId]);
      const { challenge } = await signIn(email);
      const [row] = await db().query(
        `SELECT extract(epoch FROM "expiresAt" - "createdAt")::int AS seconds FROM identity.sign_in_challenges WHERE "userId" = $1`,
        [userId],
      );
      expect(row.seconds).toBe(180);
      await db().query(
        `UPDATE identity.sign_in_challenges SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`,
        [userId],
      );
      await expect(
        respond(challenge!, { kind: 'newPassword', password: 'Brand-New-Horse-7' }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthChallengeExpired,
      });
    });

    it('refuses an unknown challenge', async () => {
      await expect(
        respond('x'.repeat(43), { kind: 'newPassword', password: 'Brand-New-Horse-7' }),
      ).rejects.toMatchObject({ code: ErrorCode.AuthChallengeExpired });
    });
  });

  it('sends an account whose reset is required to forgot-password (resetPassword step)', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    await db().query(`UPDATE identity.users SET "passwordResetRequired" = true WHERE id = $1`, [userId]);
    await expect(signIn(email)).resolves.toEqual({ nextStep: { step: 'resetPassword' } });
  });

  it('signs in with an unverified email and offers verifyUser (skippable: the session is there)', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    await db().query(`UPDATE identity.users SET "emailVerified" = false WHERE id = $1`, [userId]);
    const reply = await signIn(email);
    expect(reply.nextStep).toEqual({
      step: 'verifyUser',
      unverified: [{ attribute: 'email', destination: 'f***n@example.com' }],
    });
    expect(reply.session?.accessToken).toEqual(expect.any(String));
  });

  describe('brute force (ASVS 6.3.1)', () => {
    it('slows an account down from the third failure: the next attempt must wait, even with the right password', async () => {
      const email = newEmail();
      await createAccount(identity.services, email);
      for (let failure = 0; failure < 3; failure++) {
        await expect(signIn(email, 'Wrong-Horse-9')).rejects.toMatchObject({
          code: ErrorCode.AuthInvalidCredentials,
        });
      }
      await expect(signIn(email)).rejects.toMatchObject({
        code: ErrorCode.AuthTooManyAttempts,
        message: 'Too many attempts. Please try again later.',
        details: { retryAfterSeconds: 1 },
      });
      await waitOutSlowDown();
      // The right password after the wait works and starts the count again.
      await expect(signIn(email)).resolves.toMatchObject({ nextStep: { step: 'done' } });
      await expect(signIn(email, 'Wrong-Horse-9')).rejects.toMatchObject({
        code: ErrorCode.AuthInvalidCredentials,
      });
    });

    it('locks an account after 10 failures from any address, while another account at the same address still signs in', async () => {
      const victim = newEmail();
      const neighbour = newEmail();
      await createAccount(identity.services, victim);
      await createAccount(identity.services, neighbour);
      const address = '192.0.2.50';
      for (let failure = 0; failure < 10; failure++) {
        await waitOutSlowDown();
        await expect(
          signIn(victim, 'Wrong-Horse-9', failure % 2 ? address : '192.0.2.51'),
        ).rejects.toMatchObject({
          code: ErrorCode.AuthInvalidCredentials,
        });
      }
      await waitOutSlowDown();
      const locked = await signIn(victim, PASSWORD, '192.0.2.99').catch((error: unknown) => error);
      expect(locked).toMatchObject({ code: ErrorCode.AuthTooManyAttempts });
      const retryAfter = (locked as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      await expect(signIn(neighbour, PASSWORD, address)).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
    });

    it('locks an unknown email the same way, so the lock tells nothing about existence', async () => {
      const ghost = 'ghost.signin@example.com';
      for (let failure = 0; failure < 10; failure++) {
        await waitOutSlowDown();
        await expect(signIn(ghost, 'Wrong-Horse-9')).rejects.toMatchObject({
          code: ErrorCode.AuthInvalidCredentials,
        });
      }
      await waitOutSlowDown();
      await expect(signIn(ghost)).rejects.toMatchObject({ code: ErrorCode.AuthTooManyAttempts });
    });

    it('locks an address after 100 failed sign-ins within the hour, for every account; other addresses go on', async () => {
      const email = newEmail();
      await createAccount(identity.services, email);
      const address = '192.0.2.200';
      for (let failure = 0; failure < 100; failure++) {
        await expect(signIn(`spray${failure}@example.com`, 'Wrong-Horse-9', address)).rejects.toMatchObject({
          code: ErrorCode.AuthInvalidCredentials,
        });
      }
      await expect(signIn(email, PASSWORD, address)).rejects.toMatchObject({
        code: ErrorCode.AuthTooManyAttempts,
      });
      await expect(signIn(email, PASSWORD, '192.0.2.201')).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
    });

    it('stores neither emails nor addresses in the counters', async () => {
      const rows = (await db().query('SELECT key FROM identity.rate_limits')) as { key: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const { key } of rows) expect(key).toMatch(/^[\w:-]+:[0-9a-f]{64}$/);
    });
  });

  it.each([
    ['a wrong-typed password', { email: 'a@example.com', password: 7 }],
    ['no email', { password: PASSWORD }],
    ['an invalid email', { email: 'a@', password: PASSWORD }],
    ['a guest id that is not a uuid', { email: 'a@example.com', password: PASSWORD, guestUserId: 'me' }],
  ])('refuses a sign-in with %s (VALIDATION_FAILED)', async (_label, payload) => {
    await expect(
      sendRaw(Subjects.IdentitySignInStart, { client: clientAt(), ...payload }),
    ).resolves.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });

  it.each([
    ['an unknown answer kind', { kind: 'magic' }],
    ['an MFA type outside TOTP/SMS/EMAIL', { kind: 'mfaType', mfaType: 'VOICE' }],
    ['an extra field', { kind: 'code', code: '123456', admin: true }],
  ])('refuses a challenge answer with %s (VALIDATION_FAILED)', async (_label, answer) => {
    await expect(
      sendRaw(Subjects.IdentitySignInRespond, { challenge: 'x'.repeat(43), answer, client: clientAt() }),
    ).resolves.toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
