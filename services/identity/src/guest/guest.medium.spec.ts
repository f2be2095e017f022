import { ErrorCode, Subjects } from '@backtalk/proto';
import { createHash } from 'node:crypto';
import { dataSourceOf, sendRaw, verifyToken, useIdentity } from '../../test/identity.harness';

describe('identity.guest.create', () => {
  const identity = useIdentity('guest');

  it('returns access and id tokens that verify against the JWKS, with the guest claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { userId, tokens } = await identity.services.client.request(Subjects.IdentityGuestCreate, {
      creatorId: 'default',
    });

    expect(tokens.expiresIn).toBe(900);
    const access = await verifyToken(identity.jwks, tokens.accessToken);
    expect(access.protectedHeader).toMatchObject({
      alg: 'ES256',
      kid: identity.jwks.keys[0]?.kid,
      typ: 'JWT',
    });
    expect(access.payload).toMatchObject({
      sub: userId,
      iss: 'backtalk-identity',
      aud: 'backtalk',
      token_use: 'access',
      user_type: 'guest',
      groups: [],
      username: userId,
    });
    expect(access.payload).not.toHaveProperty('email');
    expect(access.payload.exp! - access.payload.iat!).toBe(900);
    expect(access.payload.iat).toBeGreaterThanOrEqual(before);

    const id = await verifyToken(identity.jwks, tokens.idToken);
    expect(id.payload).toMatchObject({
      sub: userId,
      iss: 'backtalk-identity',
      aud: 'backtalk',
      token_use: 'id',
      user_type: 'guest',
      groups: [],
      username: userId,
      email: null,
      is_creator: false,
    });
    expect(id.payload.exp! - id.payload.iat!).toBe(900);
  });

  it('stores the user, the guest record and a cheap SHA-256 of a random password it never returns', async () => {
    const { userId, tokens } = await identity.services.client.request(Subjects.IdentityGuestCreate, {
      creatorId: 'creator-7',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (test)',
    });
    const db = dataSourceOf(identity.services);
    const [user] = await db.query('SELECT * FROM identity.users WHERE id = $1', [userId]);
    expect(user).toMatchObject({
      id: userId,
      owner: userId,
      username: userId,
      email: null,
      isGuest: true,
      isCreator: false,
      groups: [],
    });
    const [guest] = await db.query('SELECT * FROM identity.guest_users WHERE "cognitoUsername" = $1', [
      userId,
    ]);
    expect(guest).toMatchObject({
      creatorId: 'creator-7',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (test)',
    });
    expect(guest.createdAt).toBeInstanceOf(Date);

    const passwords = await db.query(
      'SELECT password FROM identity.guest_passwords WHERE "guestUserId" = $1',
      [userId],
    );
    expect(passwords).toHaveLength(1);
    // 256 random bits need no slow hash (see CreateGuest); argon2 here only cost CPU on a public route.
    expect(passwords[0].password).toMatch(/^sha256\$[A-Za-z0-9_-]{43}$/);
    expect(Object.values(tokens).join(' ')).not.toContain(passwords[0].password);
  });

  it('answers with the user id and tokens only (as sent on the wire, before any client parsing)', async () => {
    const reply = (await sendRaw(Subjects.IdentityGuestCreate, { creatorId: 'default' })) as Record<
      string,
      unknown
    >;
    expect(Object.keys(reply).sort()).toEqual(['tokens', 'userId']);
    expect(Object.keys(reply.tokens as object).sort()).toEqual([
      'accessToken',
      'expiresIn',
      'idToken',
      'refreshExpiresIn',
      'refreshToken',
    ]);
  });

  it('stores only a SHA-256 hash of the refresh token', async () => {
    const { userId, tokens } = await identity.services.client.request(Subjects.IdentityGuestCreate, {
      creatorId: 'default',
    });
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await dataSourceOf(identity.services).query(
      'SELECT * FROM identity.refresh_tokens WHERE "userId" = $1',
      [userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(tokens.refreshToken).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(tokens.refreshToken);
    const ttl = (rows[0].expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(2_592_000 - 60);
    expect(ttl).toBeLessThanOrEqual(2_592_000);
  });

  it('gives every guest its own id', async () => {
    const [first, second] = await Promise.all([
      identity.services.client.request(Subjects.IdentityGuestCreate, { creatorId: 'default' }),
      identity.services.client.request(Subjects.IdentityGuestCreate, { creatorId: 'default' }),
    ]);
    expect(first.userId).not.toBe(second.userId);
  });

  it.each([
    ['no creatorId', {}],
    ['an empty creatorId', { creatorId: '' }],
    ['a creatorId of the wrong type', { creatorId: 7 }],
    ['an over-long user agent', { creatorId: 'default', userAgent: 'x'.repeat(513) }],
  ])('answers a payload with %s with VALIDATION_FAILED and creates nothing', async (_label, payload) => {
    const db = dataSourceOf(identity.services);
    const [{ count: before }] = await db.query('SELECT count(*)::int AS count FROM identity.users');
    const error = await sendRaw(Subjects.IdentityGuestCreate, payload);
    expect(error).toMatchObject({ code: ErrorCode.ValidationFailed, service: 'identity' });
    const [{ count: after }] = await db.query('SELECT count(*)::int AS count FROM identity.users');
    expect(after).toBe(before);
  });
});
