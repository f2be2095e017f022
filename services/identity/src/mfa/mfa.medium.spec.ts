import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import { generate } from 'otplib';
import {
  clientAt,
  createAccount,
  dataSourceOf,
  latestOutboxCode,
  sendRaw,
  verifyToken,
  useIdentity,
} from '../../test/identity.harness';

jest.setTimeout(30_000);

const PASSWORD = 'Correct-Horse-9';

/** The code an authenticator app shows `offsetSeconds` from now (one step is 30 s). */
const totpAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

const actorOf = (userId: string): Actor => ({ userId, userType: 'authenticated', groups: [] });

describe('MFA: TOTP and email codes, in the account settings and at sign-in', () => {
  const identity = useIdentity('mfa');
  let n = 0;
  const newEmail = () => `fan${++n}.mfa@example.com`;
  const db = () => dataSourceOf(identity.services);
  const signIn = (email: string, password = PASSWORD) =>
    identity.services.client.request(Subjects.IdentitySignInStart, { email, password, client: clientAt() });
  const respond = (challenge: string, answer: Record<string, unknown>) =>
    identity.services.client.request(Subjects.IdentitySignInRespond, {
      challenge,
      answer: answer as never,
      client: clientAt(),
    });
  const settingsOf = (userId: string) =>
    identity.services.client.request(Subjects.IdentityMfaGet, { actor: actorOf(userId) });

  /** A confirmed account with TOTP on, set up through the account routes; returns the secret. */
  async function accountWithTotp(): Promise<{ email: string; userId: string; secret: string }> {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    const { nextStep } = await identity.services.client.request(Subjects.IdentityMfaTotpStart, {
      actor: actorOf(userId),
    });
    await identity.services.client.request(Subjects.IdentityMfaTotpConfirm, {
      actor: actorOf(userId),
      client: clientAt(),
      code: await totpAt(nextStep.secret),
    });
    return { email, userId, secret: nextStep.secret };
  }

  async function accountWithEmailMfa(): Promise<{ email: string; userId: string }> {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    await identity.services.client.request(Subjects.IdentityMfaEmailStart, {
      actor: actorOf(userId),
      client: clientAt(),
    });
    await identity.services.client.request(Subjects.IdentityMfaEmailConfirm, {
      actor: actorOf(userId),
      client: clientAt(),
      code: await latestOutboxCode(identity.services, email),
    });
    return { email, userId };
  }

  it('has MFA off by default (spec §9 "MFA configuration NONE"), TOTP and EMAIL available, SMS once a phone is verified', async () => {
    const { userId } = await createAccount(identity.services, newEmail());
    await expect(settingsOf(userId)).resolves.toEqual({
      enabled: [],
      available: ['TOTP', 'EMAIL'],
      emailDestination: null,
      smsDestination: null,
      required: false,
    });
    // The development outbox sends texts when no SMS_PROVIDER is set (sms.medium.spec.ts).
    await expect(identity.services.client.request(Subjects.IdentityProvidersGet, {})).resolves.toMatchObject({
      sms: true,
    });
  });

  describe('TOTP', () => {
    it('sets up an authenticator app: secret and otpauth URI, stored sealed, on after a first code', async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      const { nextStep } = await identity.services.client.request(Subjects.IdentityMfaTotpStart, {
        actor: actorOf(userId),
      });
      expect(nextStep.step).toBe('setupTotp');
      expect(nextStep.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(nextStep.otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/Backtalk:${email}`);
      expect(uri.searchParams.get('secret')).toBe(nextStep.secret);
      expect(uri.searchParams.get('issuer')).toBe('Backtalk');

      const [row] = await db().query('SELECT * FROM identity.mfa_settings WHERE "userId" = $1', [userId]);
      expect(row.totpSecret).toBeNull();
      expect(row.pendingTotpSecret).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(nextStep.secret);
      // Not on before the first code.
      await expect(signIn(email)).resolves.toMatchObject({ nextStep: { step: 'done' } });

      const confirm = (code: string) =>
        identity.services.client.request(Subjects.IdentityMfaTotpConfirm, {
          actor: actorOf(userId),
          client: clientAt(),
          code,
        });
      const right = await totpAt(nextStep.secret);
      const wrong = right === '000000' ? '000001' : '000000';
      await expect(confirm(wrong)).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
        message: 'Invalid verification code provided, please try again.',
      });
      await expect(confirm(right)).resolves.toMatchObject({ enabled: ['TOTP'] });
    });

    it('signs in with password, then confirmSignIn TOTP with a code computed from the secret', async () => {
      const { email, userId, secret } = await accountWithTotp();
      const first = await signIn(email);
      expect(first).toEqual({
        nextStep: { step: 'confirmSignIn', method: 'TOTP' },
        challenge: expect.any(String),
      });
      // The setup spent the current step's code: the app's next code signs in.
      const done = await respond(first.challenge!, { kind: 'code', code: await totpAt(secret, 30) });
      expect(done.nextStep).toEqual({ step: 'done' });
      const access = await verifyToken(identity.jwks, done.session!.accessToken);
      expect(access.payload).toMatchObject({ sub: userId, user_type: 'authenticated' });
      // The challenge answered once.
      await expect(
        respond(first.challenge!, { kind: 'code', code: await totpAt(secret, 60) }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthChallengeExpired,
      });
    });

    it('refuses a TOTP code used once already, and an older one after a newer (ASVS 6.5.1)', async () => {
      const { email, secret } = await accountWithTotp();
      const code = await totpAt(secret, 30);
      const first = await signIn(email);
      await expect(respond(first.challenge!, { kind: 'code', code })).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
      const second = await signIn(email);
      await expect(respond(second.challenge!, { kind: 'code', code })).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
      // The code of the step before (still within the ±1 window) is older than the one spent.
      await expect(
        respond(second.challenge!, { kind: 'code', code: await totpAt(secret, 0) }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
    });

    it('accepts codes one step either side of now and refuses two steps away', async () => {
      const { email, userId, secret } = await accountWithTotp();
      // Start again from no spent step, as a fresh setup would be.
      await db().query('UPDATE identity.mfa_settings SET "totpLastStep" = NULL WHERE "userId" = $1', [
        userId,
      ]);
      const { challenge } = await signIn(email);
      for (const offset of [-65, 65, 95]) {
        await expect(
          respond(challenge!, { kind: 'code', code: await totpAt(secret, offset) }),
        ).rejects.toMatchObject({
          code: ErrorCode.AuthCodeMismatch,
        });
        await db().query(`UPDATE identity.rate_limits SET expire = 0 WHERE key LIKE '%signin-wait-account%'`);
      }
      await expect(
        respond(challenge!, { kind: 'code', code: await totpAt(secret, -30) }),
      ).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
      const next = await signIn(email);
      await expect(
        respond(next.challenge!, { kind: 'code', code: await totpAt(secret, 30) }),
      ).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
    });

    it('expires the sign-in challenge after 3 minutes (spec §9) with the clear error', async () => {
      const { email, userId, secret } = await accountWithTotp();
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
        respond(challenge!, { kind: 'code', code: await totpAt(secret, 30) }),
      ).rejects.toMatchObject({
        code: ErrorCode.AuthChallengeExpired,
        message: 'Your sign-in session has expired. Please sign in again.',
      });
    });

    it('counts wrong codes like wrong passwords: from the third the account must wait, and the password does not clear it', async () => {
      const { email, secret } = await accountWithTotp();
      const { challenge } = await signIn(email);
      const right = await totpAt(secret, 30);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let failure = 0; failure < 3; failure++) {
        await expect(respond(challenge!, { kind: 'code', code: wrong })).rejects.toMatchObject({
          code: ErrorCode.AuthCodeMismatch,
        });
      }
      await expect(respond(challenge!, { kind: 'code', code: right })).rejects.toMatchObject({
        code: ErrorCode.AuthTooManyAttempts,
      });
      await expect(signIn(email)).rejects.toMatchObject({ code: ErrorCode.AuthTooManyAttempts });
      await db().query(`UPDATE identity.rate_limits SET expire = 0 WHERE key LIKE '%signin-wait-account%'`);
      // The right password does not clear the count of wrong codes; the right code does.
      const again = await signIn(email);
      await expect(respond(again.challenge!, { kind: 'code', code: wrong })).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
      await expect(respond(again.challenge!, { kind: 'code', code: right })).rejects.toMatchObject({
        code: ErrorCode.AuthTooManyAttempts,
      });
      await db().query(`UPDATE identity.rate_limits SET expire = 0 WHERE key LIKE '%signin-wait-account%'`);
      await expect(respond(again.challenge!, { kind: 'code', code: right })).resolves.toMatchObject({
        nextStep: { step: 'done' },
      });
    });

    it('keeps asking for TOTP after a password reset: recovery does not bypass the second factor (ASVS 6.4.3)', async () => {
      const { email, secret } = await accountWithTotp();
      await identity.services.client.request(Subjects.IdentityPasswordForgot, { email, client: clientAt() });
      const code = await latestOutboxCode(identity.services, email);
      await identity.services.client.request(Subjects.IdentityPasswordReset, {
        email,
        code,
        password: 'Another-Horse-10',
        client: clientAt(),
      });
      const first = await signIn(email, 'Another-Horse-10');
      expect(first.nextStep).toEqual({ step: 'confirmSignIn', method: 'TOTP' });
      expect(first.session).toBeUndefined();
      await expect(
        respond(first.challenge!, { kind: 'code', code: await totpAt(secret, 30) }),
      ).resolves.toMatchObject({ nextStep: { step: 'done' } });
    });

    it('turns TOTP off only with a fresh code of it', async () => {
      const { email, userId, secret } = await accountWithTotp();
      const disable = (code: string) =>
        identity.services.client.request(Subjects.IdentityMfaDisable, {
          actor: actorOf(userId),
          client: clientAt(),
          method: 'TOTP',
          code,
        });
      // The setup's code is spent already.
      await expect(disable(await totpAt(secret))).rejects.toMatchObject({ code: ErrorCode.AuthCodeMismatch });
      await expect(disable(await totpAt(secret, 30))).resolves.toMatchObject({ enabled: [] });
      await expect(signIn(email)).resolves.toMatchObject({ nextStep: { step: 'done' } });
      const [row] = await db().query('SELECT * FROM identity.mfa_settings WHERE "userId" = $1', [userId]);
      expect(row.totpSecret).toBeNull();
    });
  });

  describe('email codes', () => {
    it('turns email MFA on with a code sent to the address, then signs in with an emailed code', async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      await expect(
        identity.services.client.request(Subjects.IdentityMfaEmailStart, {
          actor: actorOf(userId),
          client: clientAt(),
        }),
      ).resolves.toEqual({
        codeDelivery: { medium: 'EMAIL', destination: expect.stringMatching(/^f\*\*\*a@example\.com$/) },
      });
      const setupCode = await latestOutboxCode(identity.services, email);
      await expect(
        identity.services.client.request(Subjects.IdentityMfaEmailConfirm, {
          actor: actorOf(userId),
          client: clientAt(),
          code: setupCode,
        }),
      ).resolves.toMatchObject({ enabled: ['EMAIL'], emailDestination: 'f***a@example.com' });

      const first = await signIn(email);
      expect(first).toEqual({
        nextStep: {
          step: 'confirmSignIn',
          method: 'EMAIL',
          codeDelivery: { medium: 'EMAIL', destination: 'f***a@example.com' },
        },
        challenge: expect.any(String),
      });
      const [message] = await db().query(
        `SELECT subject FROM identity.outbox_messages WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
        [email],
      );
      expect(message.subject).toBe('Your Backtalk sign-in code');
      const code = await latestOutboxCode(identity.services, email);
      expect(code).not.toBe(setupCode);
      const wrong = code === '111111' ? '222222' : '111111';
      await expect(respond(first.challenge!, { kind: 'code', code: wrong })).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
      await expect(respond(first.challenge!, { kind: 'code', code })).resolves.toMatchObject({
        nextStep: { step: 'done' },
        session: { accessToken: expect.any(String) },
      });
      // A code works once: the next sign-in needs the next email.
      const second = await signIn(email);
      await expect(respond(second.challenge!, { kind: 'code', code })).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
    });

    it('sends codes to another address once a code sent there proved it', async () => {
      const email = newEmail();
      const { userId } = await createAccount(identity.services, email);
      const other = `other${n}.mfa@example.com`;
      await identity.services.client.request(Subjects.IdentityMfaEmailStart, {
        actor: actorOf(userId),
        client: clientAt(),
        email: other,
      });
      await identity.services.client.request(Subjects.IdentityMfaEmailConfirm, {
        actor: actorOf(userId),
        client: clientAt(),
        code: await latestOutboxCode(identity.services, other),
      });
      const { nextStep } = await signIn(email);
      expect(nextStep).toMatchObject({
        codeDelivery: { destination: 'o***a@example.com' },
      });
    });

    it('turns email MFA off with a fresh emailed code', async () => {
      const { email, userId } = await accountWithEmailMfa();
      await identity.services.client.request(Subjects.IdentityMfaEmailCode, {
        actor: actorOf(userId),
        client: clientAt(),
      });
      const code = await latestOutboxCode(identity.services, email);
      await expect(
        identity.services.client.request(Subjects.IdentityMfaDisable, {
          actor: actorOf(userId),
          client: clientAt(),
          method: 'EMAIL',
          code,
        }),
      ).resolves.toMatchObject({ enabled: [], emailDestination: null });
      await expect(signIn(email)).resolves.toMatchObject({ nextStep: { step: 'done' } });
    });
  });

  it('offers selectMfaType with both factors on (TOTP first), refuses SMS, and asks for the chosen one', async () => {
    const { email, userId, secret } = await accountWithTotp();
    await identity.services.client.request(Subjects.IdentityMfaEmailStart, {
      actor: actorOf(userId),
      client: clientAt(),
    });
    await identity.services.client.request(Subjects.IdentityMfaEmailConfirm, {
      actor: actorOf(userId),
      client: clientAt(),
      code: await latestOutboxCode(identity.services, email),
    });
    const first = await signIn(email);
    expect(first).toEqual({
      nextStep: { step: 'selectMfaType', allowed: ['TOTP', 'EMAIL'] },
      challenge: expect.any(String),
    });
    await expect(respond(first.challenge!, { kind: 'mfaType', mfaType: 'SMS' })).rejects.toMatchObject({
      code: ErrorCode.MfaMethodUnavailable,
    });
    await expect(respond(first.challenge!, { kind: 'code', code: '123456' })).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    const email2 = await respond(first.challenge!, { kind: 'mfaType', mfaType: 'EMAIL' });
    expect(email2.nextStep).toMatchObject({ step: 'confirmSignIn', method: 'EMAIL' });
    await expect(
      respond(email2.challenge!, { kind: 'code', code: await latestOutboxCode(identity.services, email) }),
    ).resolves.toMatchObject({ nextStep: { step: 'done' } });

    const again = await signIn(email);
    const totp = await respond(again.challenge!, { kind: 'mfaType', mfaType: 'TOTP' });
    expect(totp.nextStep).toEqual({ step: 'confirmSignIn', method: 'TOTP' });
    await expect(
      respond(totp.challenge!, { kind: 'code', code: await totpAt(secret, 30) }),
    ).resolves.toMatchObject({
      nextStep: { step: 'done' },
    });
  });

  it('keeps each user to their own settings, and guests out', async () => {
    const alice = await accountWithTotp();
    const bob = await createAccount(identity.services, newEmail());
    // Bob, with Alice's code, turns off nothing of Alice's: he has no TOTP.
    await expect(
      identity.services.client.request(Subjects.IdentityMfaDisable, {
        actor: actorOf(bob.userId),
        client: clientAt(),
        method: 'TOTP',
        code: await totpAt(alice.secret, 30),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.MfaNotSetUp });
    await expect(settingsOf(alice.userId)).resolves.toMatchObject({ enabled: ['TOTP'] });
    // Bob's TOTP confirm cannot take Alice's pending or confirmed secret.
    await expect(
      identity.services.client.request(Subjects.IdentityMfaTotpConfirm, {
        actor: actorOf(bob.userId),
        client: clientAt(),
        code: await totpAt(alice.secret, 30),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.MfaNotSetUp });
    const guest: Actor = { userId: alice.userId, userType: 'guest', groups: [] };
    await expect(
      identity.services.client.request(Subjects.IdentityMfaTotpStart, { actor: guest }),
    ).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
    });
  });

  it.each([
    ['a code of the wrong type', Subjects.IdentityMfaTotpConfirm, { code: 123456 }],
    ['an empty code', Subjects.IdentityMfaEmailConfirm, { code: '  ' }],
    ['an invalid email', Subjects.IdentityMfaEmailStart, { email: 'not-an-email' }],
    ['a method outside TOTP/SMS/EMAIL', Subjects.IdentityMfaDisable, { method: 'VOICE', code: '123456' }],
    ['a texted code of the wrong type', Subjects.IdentityMfaSmsConfirm, { code: 123456 }],
    ['no actor', Subjects.IdentityMfaGet, { actor: undefined }],
  ])('refuses %s (VALIDATION_FAILED) and stores nothing', async (_label, subject, fields) => {
    const { userId } = await createAccount(identity.services, newEmail());
    const count = async () =>
      (
        (await db().query('SELECT count(*)::int AS count FROM identity.mfa_settings')) as { count: number }[]
      )[0]!.count;
    const before = await count();
    await expect(
      sendRaw(subject, { actor: actorOf(userId), client: clientAt(), ...fields }),
    ).resolves.toMatchObject({ code: ErrorCode.ValidationFailed, message: expect.any(String) });
    expect(await count()).toBe(before);
  });
});

describe('MFA_REQUIRED: sign-in sets up a second factor first', () => {
  const identity = useIdentity('mfa_required', { MFA_REQUIRED: 'true' });
  let n = 0;
  const newEmail = () => `fan${++n}.required@example.com`;
  const signIn = (email: string) =>
    identity.services.client.request(Subjects.IdentitySignInStart, {
      email,
      password: PASSWORD,
      client: clientAt(),
    });
  const respond = (challenge: string, answer: Record<string, unknown>) =>
    identity.services.client.request(Subjects.IdentitySignInRespond, {
      challenge,
      answer: answer as never,
      client: clientAt(),
    });

  it('selectMfaType → setupTotp (secret and URI) → first code → signed in; the last factor stays on', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    const first = await signIn(email);
    expect(first).toEqual({
      nextStep: { step: 'selectMfaType', allowed: ['TOTP', 'EMAIL'] },
      challenge: expect.any(String),
    });
    const setup = await respond(first.challenge!, { kind: 'mfaType', mfaType: 'TOTP' });
    expect(setup.nextStep).toMatchObject({
      step: 'setupTotp',
      secret: expect.stringMatching(/^[A-Z2-7]+$/),
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const secret = (setup.nextStep as { secret: string }).secret;
    await expect(
      respond(setup.challenge!, { kind: 'code', code: await totpAt(secret) }),
    ).resolves.toMatchObject({
      nextStep: { step: 'done' },
      session: { accessToken: expect.any(String) },
    });
    const next = await signIn(email);
    expect(next.nextStep).toEqual({ step: 'confirmSignIn', method: 'TOTP' });
    await expect(
      identity.services.client.request(Subjects.IdentityMfaDisable, {
        actor: actorOf(userId),
        client: clientAt(),
        method: 'TOTP',
        code: await totpAt(secret, 30),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.MfaRequired });
  });

  it('selectMfaType → setupEmail → the address → confirmSignIn EMAIL with the code sent there → signed in', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    const first = await signIn(email);
    const setup = await respond(first.challenge!, { kind: 'mfaType', mfaType: 'EMAIL' });
    expect(setup).toEqual({ nextStep: { step: 'setupEmail' }, challenge: expect.any(String) });
    const confirm = await respond(setup.challenge!, { kind: 'email', email });
    expect(confirm.nextStep).toEqual({
      step: 'confirmSignIn',
      method: 'EMAIL',
      codeDelivery: { medium: 'EMAIL', destination: expect.stringContaining('***') },
    });
    await expect(
      respond(confirm.challenge!, { kind: 'code', code: await latestOutboxCode(identity.services, email) }),
    ).resolves.toMatchObject({ nextStep: { step: 'done' } });
    await expect(signIn(email)).resolves.toMatchObject({
      nextStep: { step: 'confirmSignIn', method: 'EMAIL' },
    });
  });
});
