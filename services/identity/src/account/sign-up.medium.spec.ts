import { ErrorCode, Subjects } from '@backtalk/proto';
import { startTestSmtpServer, type TestSmtpServer } from '@backtalk/testing';
import {
  clientAt,
  dataSourceOf,
  latestOutboxCode,
  latestOutboxMessage,
  requestedEmailsHandled,
  sendRaw,
  verifyToken,
  useIdentity,
} from '../../test/identity.harness';
import { UserRepository } from '../user/user.repository';

const PASSWORD = 'Correct-Horse-9';

describe('sign-up, confirmation and resend (development outbox: no SMTP_URL)', () => {
  const identity = useIdentity('sign_up');
  let n = 0;
  const newEmail = () => `fan${++n}.signup@example.com`;
  const signUp = (email: string, password = PASSWORD, ip?: string) =>
    identity.services.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password,
      client: clientAt(ip),
    });
  const confirm = (email: string, code: string, challenge?: string) =>
    identity.services.client.request(Subjects.IdentityAccountConfirmSignUp, {
      email,
      code,
      client: clientAt(),
      ...(challenge ? { challenge } : {}),
    });
  const count = async (table: string): Promise<number> => {
    const [row] = await dataSourceOf(identity.services).query(
      `SELECT count(*)::int AS count FROM identity.${table}`,
    );
    return (row as { count: number }).count;
  };
  const snapshot = async () => ({
    users: await count('users'),
    codes: await count('verification_codes'),
    outbox: await count('outbox_messages'),
    challenges: await count('sign_in_challenges'),
  });

  it('creates an unconfirmed account, emails a 6-digit code and answers confirmSignUp with a masked address', async () => {
    const email = newEmail();
    const reply = await signUp(` ${email.toUpperCase()} `);
    expect(reply).toEqual({
      nextStep: {
        step: 'confirmSignUp',
        codeDelivery: { medium: 'EMAIL', destination: 'f***p@example.com' },
      },
      challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const [user] = await dataSourceOf(identity.services).query(
      'SELECT * FROM identity.users WHERE email = $1',
      [email],
    );
    expect(user).toMatchObject({
      username: email,
      email,
      confirmed: false,
      emailVerified: false,
      isGuest: false,
      groups: [],
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const code = await latestOutboxCode(identity.services, email);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await dataSourceOf(identity.services).query(
      'SELECT * FROM identity.verification_codes WHERE "userId" = $1',
      [user.id],
    );
    expect(stored.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    // 10 minutes (VERIFICATION_CODE_TTL_SECONDS, default 600; ASVS 6.5.5).
    const ttl = (stored.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(600 - 60);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('confirms with the code and, with the sign-up challenge, signs in at once (auto sign-in)', async () => {
    const email = newEmail();
    const { challenge } = await signUp(email);
    const code = await latestOutboxCode(identity.services, email);
    const reply = await confirm(email, code, challenge);
    expect(reply.nextStep).toEqual({ step: 'done' });
    const id = await verifyToken(identity.jwks, reply.session!.idToken);
    expect(id.payload).toMatchObject({
      token_use: 'id',
      user_type: 'authenticated',
      username: email,
      email,
      email_verified: true,
      groups: [],
    });
    const [user] = await dataSourceOf(identity.services).query(
      'SELECT * FROM identity.users WHERE email = $1',
      [email],
    );
    expect(user).toMatchObject({ confirmed: true, emailVerified: true });
  });

  it('confirms without a challenge (another device) and answers signIn', async () => {
    const email = newEmail();
    await signUp(email);
    const reply = await confirm(email, await latestOutboxCode(identity.services, email));
    expect(reply).toEqual({ nextStep: { step: 'signIn' } });
  });

  it('auto sign-in: waits while unconfirmed, signs in once the account is confirmed elsewhere, then is inactive', async () => {
    const email = newEmail();
    const { challenge } = await signUp(email);
    const poll = (token = challenge!) =>
      identity.services.client.request(Subjects.IdentityAccountAutoSignIn, {
        email,
        challenge: token,
        client: clientAt(),
      });
    await expect(poll()).resolves.toEqual({ confirmed: false });
    // Confirmed on another device: no challenge there, so that device is told to sign in.
    await confirm(email, await latestOutboxCode(identity.services, email));
    const signedIn = await poll();
    expect(signedIn).toMatchObject({ confirmed: true, nextStep: { step: 'done' } });
    const id = await verifyToken(identity.jwks, signedIn.session!.idToken);
    expect(id.payload).toMatchObject({ username: email, email_verified: true });
    // The challenge signed in once; asking again is the spec's inactive flow.
    await expect(poll()).rejects.toMatchObject({
      code: ErrorCode.AuthAutoSignInInactive,
      message: 'The autoSignIn flow has not started, or has been cancelled/completed.',
    });
  });

  it('auto sign-in: refuses a challenge of another account, or none at all', async () => {
    const email = newEmail();
    await signUp(email);
    const other = await signUp(newEmail());
    await expect(
      identity.services.client.request(Subjects.IdentityAccountAutoSignIn, {
        email,
        challenge: other.challenge!,
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthAutoSignInInactive });
    await expect(
      identity.services.client.request(Subjects.IdentityAccountAutoSignIn, {
        email: newEmail(),
        challenge: 'x'.repeat(43),
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthAutoSignInInactive });
  });

  it('spends a code once: confirming again answers AUTH_CODE_EXPIRED', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestOutboxCode(identity.services, email);
    await confirm(email, code);
    await expect(confirm(email, code)).rejects.toMatchObject({
      code: ErrorCode.AuthCodeExpired,
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('refuses a wrong code with AUTH_CODE_MISMATCH, and after 5 wrong codes even the right one', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestOutboxCode(identity.services, email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(confirm(email, wrong)).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
        message: 'Invalid verification code provided, please try again.',
      });
    }
    await expect(confirm(email, code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    await signUp(email);
    const code = await latestOutboxCode(identity.services, email);
    await dataSourceOf(identity.services).query(
      `UPDATE identity.verification_codes SET "expiresAt" = now() - interval '1 second'
       WHERE "userId" = (SELECT id FROM identity.users WHERE email = $1)`,
      [email],
    );
    await expect(confirm(email, code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
  });

  it('answers a code for an email without an account like an expired one', async () => {
    await expect(confirm('nobody.signup@example.com', '123456')).rejects.toMatchObject({
      code: ErrorCode.AuthCodeExpired,
    });
  });

  it('refuses a second account with the same email (any case) with AUTH_USER_EXISTS', async () => {
    const email = newEmail();
    await signUp(email);
    const before = await snapshot();
    await expect(signUp(email.toUpperCase())).rejects.toMatchObject({
      code: ErrorCode.AuthUserExists,
      message: 'An account with the given email already exists.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('resends: a new code voids the old one; a confirmed account gets the same answer and an email saying so', async () => {
    const email = newEmail();
    const delivery = { codeDelivery: { medium: 'EMAIL', destination: 'f***p@example.com' } };
    const resend = () =>
      identity.services.client.request(Subjects.IdentityAccountResendCode, { email, client: clientAt() });
    await signUp(email);
    const first = await latestOutboxCode(identity.services, email);
    await expect(resend()).resolves.toEqual(delivery);
    const second = await latestOutboxCode(identity.services, email);
    await expect(confirm(email, first)).rejects.toMatchObject({ code: ErrorCode.AuthCodeMismatch });
    await confirm(email, second);
    // 'User is already confirmed.' counts as success (spec §4); the answer does not say it, the email does.
    await expect(resend()).resolves.toEqual(delivery);
    await requestedEmailsHandled(identity.services);
    const notice = await latestOutboxMessage(identity.services, email);
    expect(notice).toMatchObject({ subject: 'Your Backtalk account is already confirmed' });
    expect(notice!.text).toContain('Forgot your password?');
    expect(notice!.text).not.toMatch(/\d{6}/);
  });

  it('deletes sign-ups never confirmed after 24 hours, so the address can sign up again', async () => {
    const stale = newEmail();
    const fresh = newEmail();
    const confirmed = newEmail();
    await signUp(stale);
    await signUp(fresh);
    await signUp(confirmed);
    await confirm(confirmed, await latestOutboxCode(identity.services, confirmed));
    await dataSourceOf(identity.services).query(
      `UPDATE identity.users SET "createdAt" = now() - interval '25 hours' WHERE email IN ($1, $2)`,
      [stale, confirmed],
    );
    const purged = await identity.services.apps[0]!.get(UserRepository).purgeUnconfirmed(
      new Date(Date.now() - 24 * 3600_000),
    );
    expect(purged).toBe(1);
    const left = await dataSourceOf(identity.services).query(
      'SELECT email FROM identity.users WHERE email IN ($1, $2, $3) ORDER BY email',
      [stale, fresh, confirmed],
    );
    expect(left.map((row: { email: string }) => row.email).sort()).toEqual([confirmed, fresh].sort());
    await expect(signUp(stale)).resolves.toMatchObject({ nextStep: { step: 'confirmSignUp' } });
  });

  it('answers a resend for an unknown email as if a code had been sent, and sends nothing', async () => {
    const before = await count('outbox_messages');
    await expect(
      identity.services.client.request(Subjects.IdentityAccountResendCode, {
        email: 'ghost.signup@example.com',
        client: clientAt(),
      }),
    ).resolves.toEqual({
      codeDelivery: { medium: 'EMAIL', destination: 'g***p@example.com' },
    });
    await requestedEmailsHandled(identity.services);
    expect(await count('outbox_messages')).toBe(before);
  });

  it('limits code emails to one recipient to 5 per hour (AUTH_TOO_MANY_ATTEMPTS with retryAfterSeconds)', async () => {
    const email = newEmail();
    await signUp(email, PASSWORD, '198.51.100.77');
    for (let resend = 0; resend < 4; resend++) {
      await identity.services.client.request(Subjects.IdentityAccountResendCode, {
        email,
        client: clientAt('198.51.100.77'),
      });
    }
    await expect(
      identity.services.client.request(Subjects.IdentityAccountResendCode, {
        email,
        client: clientAt('198.51.100.78'),
      }),
    ).rejects.toMatchObject({
      code: ErrorCode.AuthTooManyAttempts,
      message: 'Too many attempts. Please try again later.',
      details: { retryAfterSeconds: expect.any(Number) },
    });
  });

  it('limits resends to an unknown email to 5 per hour too, so the limit does not tell', async () => {
    const resend = () =>
      identity.services.client.request(Subjects.IdentityAccountResendCode, {
        email: 'ghost.limited@example.com',
        client: clientAt(),
      });
    for (let attempt = 0; attempt < 5; attempt++) await resend();
    await expect(resend()).rejects.toMatchObject({ code: ErrorCode.AuthTooManyAttempts });
  });

  // Issue 21 item 16: a school, an office or a carrier's NAT is one address for many people.
  it('takes 25 sign-ups from one address (sign-ups have their own, larger allowance)', async () => {
    const school = '203.0.113.16';
    for (let person = 0; person < 25; person++)
      await expect(signUp(newEmail(), PASSWORD, school)).resolves.toMatchObject({
        nextStep: { step: 'confirmSignUp' },
      });
  });

  it('refuses code resends from one address past CODE_EMAILS_PER_ADDRESS (50 an hour), sign-ups still taken', async () => {
    const office = '203.0.113.17';
    const resend = (email: string) =>
      identity.services.client.request(Subjects.IdentityAccountResendCode, {
        email,
        client: clientAt(office),
      });
    for (let attempt = 0; attempt < 50; attempt++) await resend(`nobody${attempt}.office@example.com`);
    await expect(resend('nobody.more.office@example.com')).rejects.toMatchObject({
      code: ErrorCode.AuthTooManyAttempts,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await expect(signUp(newEmail(), PASSWORD, office)).resolves.toMatchObject({
      nextStep: { step: 'confirmSignUp' },
    });
  });

  describe('spec §5 password rules, with their messages word for word; nothing is stored', () => {
    it.each([
      ['Sh0rt!a', 'Password must have at least 8 characters'],
      ['NOLOWER-123', 'Password must have lower case letters'],
      ['noupper-123', 'Password must have upper case letters'],
      ['NoNumbers-here', 'Password must have numbers'],
      ['NoSpecial123', 'Password must have special characters'],
    ])('refuses %j: %s', async (password, message) => {
      const before = await snapshot();
      await expect(signUp(newEmail(), password)).rejects.toMatchObject({
        code: ErrorCode.AuthInvalidPassword,
        message,
      });
      expect(await snapshot()).toEqual(before);
    });

    it.each(['P@ssw0rd', 'Pa$$w0rd', '1qaz@WSX'])(
      'refuses %j, which meets every rule but is among the most common passwords (ASVS 6.2.4)',
      async (password) => {
        const before = await snapshot();
        await expect(signUp(newEmail(), password)).rejects.toMatchObject({
          code: ErrorCode.AuthInvalidPassword,
          message: 'This password is too common. Choose one that is harder to guess.',
        });
        expect(await snapshot()).toEqual(before);
      },
    );

    it('lists every rule a password breaks', async () => {
      await expect(signUp(newEmail(), 'abc')).rejects.toMatchObject({
        details: {
          violations: [
            'Password must have at least 8 characters',
            'Password must have upper case letters',
            'Password must have numbers',
            'Password must have special characters',
          ],
        },
      });
    });

    it.each([' ', '^', '~', '`', '=', '+', '-', '\\', "'", '"'])(
      'counts %j as a special character (spec §5 list)',
      async (special) => {
        await expect(signUp(newEmail(), `Abcdefg1${special}`)).resolves.toMatchObject({
          nextStep: { step: 'confirmSignUp' },
        });
      },
    );

    it('keeps leading and trailing spaces of a password (never trimmed)', async () => {
      const email = newEmail();
      await signUp(email, ' Abcdefg1 ');
      await confirm(email, await latestOutboxCode(identity.services, email));
      await expect(
        identity.services.client.request(Subjects.IdentitySignInStart, {
          email,
          password: 'Abcdefg1',
          client: clientAt(),
        }),
      ).rejects.toMatchObject({ code: ErrorCode.AuthInvalidCredentials });
    });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email'],
    ['an empty email', { email: '   ', password: PASSWORD }, 'This field is required'],
    ['an empty password', { email: 'x@example.com', password: '' }, 'This field is required'],
    ['a password over 256 characters', { email: 'x@example.com', password: `Aa1-${'x'.repeat(253)}` }, ''],
    ['an attribute that is neither standard nor custom:', { attributes: { role: 'admin' } }, 'custom:'],
    ['a phone number with letters', { attributes: { phone_number: '+1 555 CALL' } }, 'phone_number'],
    ['a NUL character', { email: 'x\u0000@example.com', password: PASSWORD }, 'NUL'],
    ['no client', { client: undefined }, 'client'],
  ])('refuses a sign-up with %s (VALIDATION_FAILED, nothing stored)', async (_label, change, message) => {
    const before = await snapshot();
    const payload = { email: 'valid@example.com', password: PASSWORD, client: clientAt(), ...change };
    const error = await sendRaw(Subjects.IdentityAccountSignUp, payload);
    expect(error).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: expect.stringContaining(message),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('stores standard and custom: attributes given at sign-up', async () => {
    const email = newEmail();
    await identity.services.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      attributes: { given_name: ' Ada ', phone_number: '+14155550100', 'custom:favourite': 'maya' },
      client: clientAt(),
    });
    const [user] = await dataSourceOf(identity.services).query(
      'SELECT attributes FROM identity.users WHERE email = $1',
      [email],
    );
    expect(user.attributes).toEqual({
      given_name: 'Ada',
      phone_number: '+14155550100',
      'custom:favourite': 'maya',
    });
  });
});

describe('sign-up over SMTP (SMTP_URL: a real SMTP server started by the test)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp?.close());
  const identity = useIdentity('sign_up_smtp', () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Backtalk <codes@backtalk.test>',
  }));

  it('mails the code; the code from the inbox confirms the account; the outbox stays empty', async () => {
    const email = 'smtp.fan@example.com';
    const { challenge } = await identity.services.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      client: clientAt(),
    });
    const code = await smtp.waitFor(email, /Your code is (\d{6})/);
    expect(smtp.received.at(-1)).toMatchObject({ from: 'codes@backtalk.test', to: [email] });
    expect(smtp.received.at(-1)!.raw).toContain('Subject: Your Backtalk confirmation code');
    const reply = await identity.services.client.request(Subjects.IdentityAccountConfirmSignUp, {
      email,
      code,
      challenge: challenge!,
      client: clientAt(),
    });
    expect(reply.nextStep).toEqual({ step: 'done' });
    await expect(identity.services.client.request(Subjects.IdentityOutboxList, {})).resolves.toEqual({
      messages: [],
    });
  });
});

describe('a configured PASSWORD_MIN_LENGTH', () => {
  const identity = useIdentity('sign_up_min', { PASSWORD_MIN_LENGTH: '12' });

  it('is applied, and said in the message and by identity.providers.get', async () => {
    await expect(
      identity.services.client.request(Subjects.IdentityAccountSignUp, {
        email: 'long@example.com',
        password: 'Abcdefg1-23',
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ message: 'Password must have at least 12 characters' });
    await expect(identity.services.client.request(Subjects.IdentityProvidersGet, {})).resolves.toMatchObject({
      passwordMinLength: 12,
    });
  });
});

describe('a mail server that cannot be reached', () => {
  const identity = useIdentity('sign_up_smtp_down', { SMTP_URL: 'smtp://127.0.0.1:9' });

  it('keeps nothing (AUTH_DELIVERY_FAILED), so a retry works', async () => {
    await expect(
      identity.services.client.request(Subjects.IdentityAccountSignUp, {
        email: 'unlucky@example.com',
        password: PASSWORD,
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthDeliveryFailed });
    const [row] = await dataSourceOf(identity.services).query(
      'SELECT count(*)::int AS count FROM identity.users',
    );
    expect(row.count).toBe(0);
  });
});
