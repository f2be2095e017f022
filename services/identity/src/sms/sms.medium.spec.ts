import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import {
  clientAt,
  createAccount,
  createGuest,
  createIdentityDatabase,
  dataSourceOf,
  latestOutboxCode,
  startIdentity,
  useIdentity,
  verifyToken,
} from '../../test/identity.harness';

jest.setTimeout(60_000);

const PASSWORD = 'Correct-Horse-9';
/** Texts one number may receive per hour, low so the limit is reached in a few requests. */
const TEXTS_PER_NUMBER = 4;

const actorOf = (userId: string): Actor => ({ userId, userType: 'authenticated', groups: [] });

/**
 * SMS (docs/architecture.md, "SMS"), through the development outbox: phone numbers kept in E.164,
 * verified with a texted code (spec §4 "Verify attributes"), then usable as a second factor
 * ('Confirm SMS Code'). Texted codes are the accounts' codes: hashed, single-use, expiring,
 * attempt-limited, and sent under the code emails' hourly allowances.
 */
describe('SMS: phone verification and SMS MFA (development outbox)', () => {
  const identity = useIdentity('sms', { CODE_EMAILS_PER_RECIPIENT: String(TEXTS_PER_NUMBER) });
  const client = () => identity.services.client;
  const db = () => dataSourceOf(identity.services);
  let n = 0;
  /** A fresh valid US number per account (+1 415 555 01nn), so hourly allowances do not mix. */
  const newPhone = () => `+1415555${String(100 + ++n).padStart(4, '0')}`;
  const newEmail = () => `fan${n}.${Date.now()}@sms.example.com`;

  async function accountWithPhone(phone = newPhone()) {
    const email = newEmail();
    await client().request(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      attributes: { phone_number: phone.replace('+', '') },
      client: clientAt(),
    });
    const code = await latestOutboxCode(identity.services, email);
    await client().request(Subjects.IdentityAccountConfirmSignUp, { email, code, client: clientAt() });
    const [row] = await db().query('SELECT id FROM identity.users WHERE email = $1', [email]);
    return { email, phone, userId: (row as { id: string }).id };
  }

  /** The code in the newest text to `phone`, read from the outbox as the developer page shows it. */
  async function latestTextedCode(phone: string): Promise<string> {
    const { messages } = await client().request(Subjects.IdentityOutboxList, { limit: 100 });
    const text = messages.find((message) => message.channel === 'sms' && message.to === phone);
    const code = /Your Backtalk code is (\d{6})\./.exec(text?.text ?? '')?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  }

  const sendPhoneCode = (userId: string) =>
    client().request(Subjects.IdentityAttributeVerify, { actor: actorOf(userId), attribute: 'phone_number' });
  const confirmPhone = (userId: string, code: string) =>
    client().request(Subjects.IdentityAttributeConfirm, {
      actor: actorOf(userId),
      attribute: 'phone_number',
      code,
    });
  const signIn = (email: string) =>
    client().request(Subjects.IdentitySignInStart, { email, password: PASSWORD, client: clientAt() });

  async function verifiedAccount() {
    const account = await accountWithPhone();
    await sendPhoneCode(account.userId);
    await confirmPhone(account.userId, await latestTextedCode(account.phone));
    return account;
  }

  it('keeps the phone number in E.164 and refuses one that is not a valid number', async () => {
    const { userId } = await accountWithPhone('+14155550100');
    const [row] = await db().query('SELECT attributes FROM identity.users WHERE id = $1', [userId]);
    expect(row.attributes.phone_number).toBe('+14155550100');
    await expect(
      client().request(Subjects.IdentityAccountSignUp, {
        email: newEmail(),
        password: PASSWORD,
        attributes: { phone_number: '+3361234567' },
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthInvalidPhoneNumber });
  });

  it('offers the unverified phone after sign-in, texts a code, and the code marks it verified once', async () => {
    const { email, phone, userId } = await accountWithPhone();
    const unverified = await signIn(email);
    expect(unverified).toMatchObject({
      nextStep: {
        step: 'verifyUser',
        unverified: [{ attribute: 'phone_number', destination: '***' + phone.slice(-4) }],
      },
    });
    const idClaims = async (token: string) => (await verifyToken(identity.jwks, token)).payload;
    await expect(idClaims(unverified.session!.idToken)).resolves.toMatchObject({
      phone_number_verified: false,
    });
    await expect(sendPhoneCode(userId)).resolves.toEqual({
      codeDelivery: { medium: 'SMS', destination: `***${phone.slice(-4)}` },
    });
    const code = await latestTextedCode(phone);
    const [stored] = await db().query(
      `SELECT "codeHash" FROM identity.verification_codes WHERE "userId" = $1 AND purpose = 'verify-phone'`,
      [userId],
    );
    expect(stored.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored.codeHash).not.toContain(code);
    const wrong = code === '000000' ? '000001' : '000000';
    await expect(confirmPhone(userId, wrong)).rejects.toMatchObject({ code: ErrorCode.AuthCodeMismatch });
    const session = () => client().request(Subjects.IdentitySessionGet, { actor: actorOf(userId) });
    await expect(session()).resolves.toMatchObject({
      phoneNumber: `***${phone.slice(-4)}`,
      phoneNumberVerified: false,
    });
    await expect(confirmPhone(userId, code)).resolves.toEqual({ verified: true });
    await expect(session()).resolves.toMatchObject({ phoneNumberVerified: true });
    const [row] = await db().query('SELECT "verifiedPhoneNumber" FROM identity.users WHERE id = $1', [
      userId,
    ]);
    expect(row.verifiedPhoneNumber).toBe(phone);
    // Single use.
    await expect(confirmPhone(userId, code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
    const verified = await signIn(email);
    expect(verified).toMatchObject({ nextStep: { step: 'done' } });
    await expect(idClaims(verified.session!.idToken)).resolves.toMatchObject({ phone_number_verified: true });
  });

  it('refuses an expired code, and a code after 5 wrong guesses', async () => {
    const { phone, userId } = await accountWithPhone();
    await sendPhoneCode(userId);
    const code = await latestTextedCode(phone);
    await db().query(
      `UPDATE identity.verification_codes SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`,
      [userId],
    );
    await expect(confirmPhone(userId, code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });

    await sendPhoneCode(userId);
    const fresh = await latestTextedCode(phone);
    const wrong = fresh === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1)
      await expect(confirmPhone(userId, wrong)).rejects.toMatchObject({ code: ErrorCode.AuthCodeMismatch });
    await expect(confirmPhone(userId, fresh)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
  });

  it('texts one number at most CODE_EMAILS_PER_RECIPIENT codes an hour, like an inbox', async () => {
    const { userId } = await accountWithPhone();
    for (let sent = 0; sent < TEXTS_PER_NUMBER; sent += 1) await sendPhoneCode(userId);
    await expect(sendPhoneCode(userId)).rejects.toMatchObject({ code: ErrorCode.AuthTooManyAttempts });
  });

  it("never lets a user confirm another user's code, nor a guest or an account without a phone verify one", async () => {
    const owner = await accountWithPhone();
    const other = await accountWithPhone();
    await sendPhoneCode(owner.userId);
    const code = await latestTextedCode(owner.phone);
    await expect(confirmPhone(other.userId, code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
    const [row] = await db().query('SELECT "verifiedPhoneNumber" FROM identity.users WHERE id = $1', [
      other.userId,
    ]);
    expect(row.verifiedPhoneNumber).toBeNull();
    await expect(confirmPhone(owner.userId, code)).resolves.toEqual({ verified: true });

    const guest = await createGuest(identity.services);
    await expect(
      client().request(Subjects.IdentityAttributeVerify, {
        actor: { userId: guest.userId, userType: 'guest', groups: [] },
        attribute: 'phone_number',
      }),
    ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    const { userId: noPhone } = await createAccount(identity.services, newEmail());
    await expect(sendPhoneCode(noPhone)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: expect.stringContaining('no phone number'),
    });
  });

  describe('SMS as a second factor', () => {
    const settingsOf = (userId: string) =>
      client().request(Subjects.IdentityMfaGet, { actor: actorOf(userId) });
    const startSms = (userId: string) =>
      client().request(Subjects.IdentityMfaSmsStart, { actor: actorOf(userId), client: clientAt() });
    const confirmSms = (userId: string, code: string) =>
      client().request(Subjects.IdentityMfaSmsConfirm, { actor: actorOf(userId), client: clientAt(), code });

    it('is offered only with a verified phone number', async () => {
      const { userId, phone } = await accountWithPhone();
      await expect(settingsOf(userId)).resolves.toMatchObject({
        available: ['TOTP', 'EMAIL'],
        smsDestination: null,
      });
      await expect(startSms(userId)).rejects.toMatchObject({ code: ErrorCode.MfaPhoneNotVerified });
      await sendPhoneCode(userId);
      await confirmPhone(userId, await latestTextedCode(phone));
      await expect(settingsOf(userId)).resolves.toMatchObject({
        available: ['TOTP', 'SMS', 'EMAIL'],
        smsDestination: `***${phone.slice(-4)}`,
      });
    });

    it("turns on with a texted code; sign-in then asks 'Confirm SMS Code' with a new texted code", async () => {
      const { email, phone, userId } = await verifiedAccount();
      await expect(startSms(userId)).resolves.toEqual({
        codeDelivery: { medium: 'SMS', destination: `***${phone.slice(-4)}` },
      });
      await expect(confirmSms(userId, await latestTextedCode(phone))).resolves.toMatchObject({
        enabled: ['SMS'],
      });

      const started = await signIn(email);
      expect(started).toMatchObject({
        nextStep: { step: 'confirmSignIn', method: 'SMS', codeDelivery: { medium: 'SMS' } },
      });
      expect(started.session).toBeUndefined();
      const code = await latestTextedCode(phone);
      const respond = (answer: string) =>
        client().request(Subjects.IdentitySignInRespond, {
          challenge: started.challenge!,
          answer: { kind: 'code', code: answer },
          client: clientAt(),
        });
      await expect(respond(code === '000000' ? '000001' : '000000')).rejects.toMatchObject({
        code: ErrorCode.AuthCodeMismatch,
      });
      const done = await respond(code);
      expect(done.nextStep).toEqual({ step: 'done' });
      expect(done.session?.accessToken).toEqual(expect.any(String));
    });

    it('turns off with a fresh texted code, not with an emailed one', async () => {
      const { phone, userId } = await verifiedAccount();
      await startSms(userId);
      await confirmSms(userId, await latestTextedCode(phone));
      await client().request(Subjects.IdentityMfaSmsCode, { actor: actorOf(userId), client: clientAt() });
      const code = await latestTextedCode(phone);
      const disable = (method: 'SMS' | 'EMAIL', answer: string) =>
        client().request(Subjects.IdentityMfaDisable, {
          actor: actorOf(userId),
          client: clientAt(),
          method,
          code: answer,
        });
      await expect(disable('EMAIL', code)).rejects.toMatchObject({ code: ErrorCode.AuthCodeExpired });
      await expect(disable('SMS', code)).resolves.toMatchObject({ enabled: [] });
    });
  });
});

describe('SMS_PROVIDER at start-up', () => {
  it('stops identity from starting when a provider is chosen without its variables, naming them', async () => {
    const database = await createIdentityDatabase('sms_config');
    try {
      const started = startIdentity(database, { SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15005550006' });
      await expect(started).rejects.toThrow(/TWILIO_ACCOUNT_SID is required with SMS_PROVIDER=twilio/);
      await expect(started).rejects.toThrow(/TWILIO_AUTH_TOKEN is required with SMS_PROVIDER=twilio/);
    } finally {
      await database.drop();
    }
  });
});
