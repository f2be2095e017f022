import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import {
  clientAt,
  createAccount,
  createGuest,
  dataSourceOf,
  sendRaw,
  verifyToken,
  useIdentity,
} from '../../test/identity.harness';
import { SoftwareAuthenticator } from '@backtalk/testing';

jest.setTimeout(30_000);

const ORIGIN = 'https://backtalk.test';
const actorOf = (userId: string): Actor => ({ userId, userType: 'authenticated', groups: [] });

describe('passkeys: registration and sign-in (software authenticator, PASSKEY_ORIGIN configured)', () => {
  const identity = useIdentity('passkeys', { PASSKEY_ORIGIN: ORIGIN });
  const authenticator = new SoftwareAuthenticator();
  let n = 0;
  const newEmail = () => `fan${++n}.passkey@example.com`;
  const db = () => dataSourceOf(identity.services);
  const count = async (table: string) =>
    ((await db().query(`SELECT count(*)::int AS count FROM identity.${table}`)) as { count: number }[])[0]!
      .count;

  async function registered(): Promise<{ userId: string; credentialId: string }> {
    const { userId } = await createAccount(identity.services, newEmail());
    const { options } = await identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor: actorOf(userId),
    });
    const { credentialId, response } = authenticator.register(options, ORIGIN);
    await identity.services.client.request(Subjects.IdentityPasskeyRegisterVerify, {
      actor: actorOf(userId),
      response: response as never,
    });
    return { userId, credentialId };
  }
  const signInOptions = () =>
    identity.services.client.request(Subjects.IdentityPasskeyAuthenticateOptions, { client: clientAt() });
  const signInWith = (response: Record<string, unknown>, guestUserId?: string) =>
    identity.services.client.request(Subjects.IdentityPasskeyAuthenticateVerify, {
      client: clientAt(),
      response: response as never,
      ...(guestUserId ? { guestUserId } : {}),
    });

  it('offers passkeys on the sign-in screen', async () => {
    await expect(identity.services.client.request(Subjects.IdentityProvidersGet, {})).resolves.toMatchObject({
      passkeys: true,
    });
  });

  it('registers a passkey: options for the relying party, the credential stored with counter and transports', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    const { options } = await identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor: actorOf(userId),
    });
    expect(options).toMatchObject({
      rp: { name: 'Backtalk', id: 'backtalk.test' },
      user: { name: email, displayName: email, id: Buffer.from(userId).toString('base64url') },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const { credentialId, response } = authenticator.register(options, ORIGIN);
    const reply = await identity.services.client.request(Subjects.IdentityPasskeyRegisterVerify, {
      actor: actorOf(userId),
      response: response as never,
      name: 'Laptop',
    });
    expect(reply.passkey).toEqual({
      id: expect.any(String),
      name: 'Laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
      backedUp: false,
    });
    const [row] = await db().query('SELECT * FROM identity.passkeys WHERE "userId" = $1', [userId]);
    expect(row).toMatchObject({ credentialId, counter: '0', transports: ['internal'] });
    expect(row.publicKey.length).toBeGreaterThan(60);
    // The next options exclude it, so an authenticator holding it says "already registered".
    const next = await identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor: actorOf(userId),
    });
    expect(next.options.excludeCredentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyList, { actor: actorOf(userId) }),
    ).resolves.toEqual({ passkeys: [reply.passkey] });
  });

  it('signs in with the passkey: a session as for a password sign-in, the counter moved on', async () => {
    const { userId, credentialId } = await registered();
    const { options } = await signInOptions();
    expect(options).toMatchObject({ rpId: 'backtalk.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const reply = await signInWith(authenticator.assert(credentialId, options.challenge, ORIGIN));
    expect(reply.nextStep).toEqual({ step: 'done' });
    const access = await verifyToken(identity.jwks, reply.session!.accessToken);
    expect(access.payload).toMatchObject({
      sub: userId,
      user_type: 'authenticated',
      sid: expect.any(String),
    });
    expect(reply.session!.refreshToken).toEqual(expect.any(String));
    const [row] = await db().query(
      'SELECT counter, "lastUsedAt" FROM identity.passkeys WHERE "credentialId" = $1',
      [credentialId],
    );
    expect(row.counter).toBe('1');
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('hands a guest’s chats to the account like any sign-in (the guest records the account)', async () => {
    const { userId, credentialId } = await registered();
    const guest = await createGuest(identity.services);
    const { options } = await signInOptions();
    await signInWith(authenticator.assert(credentialId, options.challenge, ORIGIN), guest.userId);
    const [row] = await db().query(
      'SELECT "convertedUserId" FROM identity.guest_users WHERE "cognitoUsername" = $1',
      [guest.userId],
    );
    expect(row.convertedUserId).toBe(userId);
  });

  it('refuses an assertion over a challenge it never gave out, a used challenge, and another origin', async () => {
    const { credentialId } = await registered();
    const sessions = await count('sessions');
    await expect(
      signInWith(authenticator.assert(credentialId, Buffer.alloc(32, 7).toString('base64url'), ORIGIN)),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyChallengeExpired,
      message: 'This passkey request has expired. Start again.',
    });
    const { options } = await signInOptions();
    await expect(
      signInWith(authenticator.assert(credentialId, options.challenge, 'https://evil.test')),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyVerificationFailed,
    });
    // That answer spent the challenge: even a right one over it is refused now.
    await expect(
      signInWith(authenticator.assert(credentialId, options.challenge, ORIGIN)),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyChallengeExpired,
    });
    const fresh = await signInOptions();
    const answer = authenticator.assert(credentialId, fresh.options.challenge, ORIGIN);
    await expect(signInWith(answer)).resolves.toMatchObject({ nextStep: { step: 'done' } });
    await expect(signInWith(answer)).rejects.toMatchObject({ code: ErrorCode.PasskeyChallengeExpired });
    expect(await count('sessions')).toBe(sessions + 1);
  });

  it('expires options after PASSKEY_CHALLENGE_TTL_SECONDS (120 s by default)', async () => {
    const { credentialId } = await registered();
    const { options } = await signInOptions();
    const [row] = await db().query(
      `SELECT extract(epoch FROM "expiresAt" - "createdAt")::int AS seconds FROM identity.passkey_challenges ORDER BY "createdAt" DESC LIMIT 1`,
    );
    expect(row.seconds).toBe(120);
    await db().query(`UPDATE identity.passkey_challenges SET "expiresAt" = now() - interval '1 second'`);
    await expect(
      signInWith(authenticator.assert(credentialId, options.challenge, ORIGIN)),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyChallengeExpired,
    });
  });

  it('refuses an unknown passkey and an assertion naming another account', async () => {
    const alice = await registered();
    const bob = await registered();
    const { options } = await signInOptions();
    const forged = authenticator.assert(alice.credentialId, options.challenge, ORIGIN);
    (forged.response as Record<string, unknown>).userHandle = Buffer.from(bob.userId).toString('base64url');
    await expect(signInWith(forged)).rejects.toMatchObject({ code: ErrorCode.PasskeyVerificationFailed });
    const other = await signInOptions();
    const unknown = authenticator.assert(alice.credentialId, other.options.challenge, ORIGIN);
    unknown.id = unknown.rawId = Buffer.alloc(16, 1).toString('base64url');
    await expect(signInWith(unknown)).rejects.toMatchObject({ code: ErrorCode.PasskeyVerificationFailed });
  });

  it('refuses to register a credential twice, and registration options answered by another user', async () => {
    const { userId } = await createAccount(identity.services, newEmail());
    const { options } = await identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor: actorOf(userId),
    });
    const { response } = authenticator.register(options, ORIGIN);
    const other = await createAccount(identity.services, newEmail());
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyRegisterVerify, {
        actor: actorOf(other.userId),
        response: response as never,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.PasskeyChallengeExpired });
    await identity.services.client.request(Subjects.IdentityPasskeyRegisterVerify, {
      actor: actorOf(userId),
      response: response as never,
    });
    // The same credential again, over new options.
    const again = await identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, {
      actor: actorOf(userId),
    });
    const replay = JSON.parse(JSON.stringify(response)) as { response: { clientDataJSON: string } };
    const clientData = JSON.parse(
      Buffer.from(replay.response.clientDataJSON, 'base64url').toString(),
    ) as Record<string, string>;
    clientData.challenge = again.options.challenge;
    replay.response.clientDataJSON = Buffer.from(JSON.stringify(clientData)).toString('base64url');
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyRegisterVerify, {
        actor: actorOf(userId),
        response: replay as never,
      }),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyAlreadyRegistered,
      message: 'This passkey is already registered. Sign in with it, or register one on another device.',
    });
  });

  it('lets a user delete only their own passkeys; guests have none', async () => {
    const alice = await registered();
    const bob = await registered();
    const [{ passkeys }] = await Promise.all([
      identity.services.client.request(Subjects.IdentityPasskeyList, { actor: actorOf(alice.userId) }),
    ]);
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyDelete, {
        actor: actorOf(bob.userId),
        passkeyId: passkeys[0]!.id,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyList, { actor: actorOf(alice.userId) }),
    ).resolves.toMatchObject({ passkeys: [{ id: passkeys[0]!.id }] });
    const guest: Actor = { userId: alice.userId, userType: 'guest', groups: [] };
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, { actor: guest }),
    ).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
    });
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyDelete, {
        actor: actorOf(alice.userId),
        passkeyId: passkeys[0]!.id,
      }),
    ).resolves.toEqual({ deleted: true });
    const { options } = await signInOptions();
    await expect(
      signInWith(authenticator.assert(alice.credentialId, options.challenge, ORIGIN)),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeyVerificationFailed,
    });
  });

  it.each([
    [
      'a response of the wrong type',
      Subjects.IdentityPasskeyAuthenticateVerify,
      { client: clientAt(), response: 'x' },
    ],
    [
      'a credential id that is not base64url',
      Subjects.IdentityPasskeyAuthenticateVerify,
      {
        client: clientAt(),
        response: { id: 'a b', rawId: 'ab', type: 'public-key', response: {}, clientExtensionResults: {} },
      },
    ],
    [
      'an origin that is not localhost',
      Subjects.IdentityPasskeyAuthenticateOptions,
      { client: clientAt(), loopbackOrigin: 'https://evil.test' },
    ],
    [
      'a passkey id that is not a uuid',
      Subjects.IdentityPasskeyDelete,
      { actor: actorOf('00000000-0000-4000-8000-000000000000'), passkeyId: '1' },
    ],
    [
      'a name of 65 characters',
      Subjects.IdentityPasskeyRegisterVerify,
      { actor: actorOf('00000000-0000-4000-8000-000000000000'), name: 'x'.repeat(65), response: {} },
    ],
  ])('refuses %s (VALIDATION_FAILED) and stores nothing', async (_label, subject, payload) => {
    const before = [await count('passkeys'), await count('passkey_challenges')];
    await expect(sendRaw(subject, payload)).resolves.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: expect.any(String),
    });
    expect([await count('passkeys'), await count('passkey_challenges')]).toEqual(before);
  });
});

describe('passkeys without a configured origin', () => {
  const identity = useIdentity('passkeys_default');

  it('are offered only to a page on localhost, with the relying party localhost', async () => {
    await expect(identity.services.client.request(Subjects.IdentityProvidersGet, {})).resolves.toMatchObject({
      passkeys: false,
    });
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyAuthenticateOptions, { client: clientAt() }),
    ).rejects.toMatchObject({ code: ErrorCode.PasskeysUnavailable });
    const loopbackOrigin = 'http://localhost:3100';
    await expect(
      identity.services.client.request(Subjects.IdentityProvidersGet, { loopbackOrigin }),
    ).resolves.toMatchObject({
      passkeys: true,
    });
    const { options } = await identity.services.client.request(Subjects.IdentityPasskeyAuthenticateOptions, {
      client: clientAt(),
      loopbackOrigin,
    });
    expect(options.rpId).toBe('localhost');
  });
});

describe('PASSKEYS_ENABLED=false', () => {
  const identity = useIdentity('passkeys_off', { PASSKEYS_ENABLED: 'false', PASSKEY_ORIGIN: ORIGIN });

  it('hides the button and refuses options', async () => {
    await expect(identity.services.client.request(Subjects.IdentityProvidersGet, {})).resolves.toMatchObject({
      passkeys: false,
    });
    const { userId } = await createAccount(identity.services, 'off.passkey@example.com');
    await expect(
      identity.services.client.request(Subjects.IdentityPasskeyRegisterOptions, { actor: actorOf(userId) }),
    ).rejects.toMatchObject({
      code: ErrorCode.PasskeysUnavailable,
      message: 'Passkeys are not available at this address. Sign in with your email and password.',
    });
  });
});
