import { ErrorCode, Subjects } from '@backtalk/proto';
import { createGuest, dataSourceOf, sendRaw, verifyToken, useIdentity } from '../../test/identity.harness';

describe('identity.token.refresh and identity.token.revoke', () => {
  const identity = useIdentity('token');

  const refresh = (refreshToken: string) =>
    identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken });
  const revoke = (refreshToken: string) =>
    identity.services.client.request(Subjects.IdentityTokenRevoke, { refreshToken });

  it('rotates: a refresh answers fresh tokens for the same user and a new refresh token', async () => {
    const guest = await createGuest(identity.services);
    const { tokens } = await refresh(guest.tokens.refreshToken);

    expect(tokens.refreshToken).not.toBe(guest.tokens.refreshToken);
    expect(tokens.accessToken).not.toBe(guest.tokens.accessToken);
    expect(tokens.expiresIn).toBe(900);
    const access = await verifyToken(identity.jwks, tokens.accessToken);
    expect(access.payload).toMatchObject({ sub: guest.userId, user_type: 'guest', token_use: 'access' });
    const id = await verifyToken(identity.jwks, tokens.idToken);
    expect(id.payload).toMatchObject({ sub: guest.userId, token_use: 'id', email: null, is_creator: false });

    // The new token works in turn; the family goes on.
    const next = await refresh(tokens.refreshToken!);
    expect((await verifyToken(identity.jwks, next.tokens.accessToken)).payload.sub).toBe(guest.userId);
    const rows = await dataSourceOf(identity.services).query(
      'SELECT DISTINCT "familyId" FROM identity.refresh_tokens WHERE "userId" = $1',
      [guest.userId],
    );
    expect(rows).toHaveLength(1);
  });

  it('records guest activity on refresh', async () => {
    const guest = await createGuest(identity.services);
    const db = dataSourceOf(identity.services);
    await db.query(
      `UPDATE identity.guest_users SET "lastActiveAt" = now() - interval '1 day' WHERE "cognitoUsername" = $1`,
      [guest.userId],
    );
    await refresh(guest.tokens.refreshToken);
    const [row] = await db.query(
      'SELECT "lastActiveAt" FROM identity.guest_users WHERE "cognitoUsername" = $1',
      [guest.userId],
    );
    expect(Date.now() - row.lastActiveAt.getTime()).toBeLessThan(60_000);
  });

  /** Moves the rotation of a user's used tokens back in time, past REFRESH_REUSE_GRACE_SECONDS (10). */
  const ageRotations = (userId: string, seconds = 11) =>
    dataSourceOf(identity.services).query(
      `UPDATE identity.refresh_tokens SET "usedAt" = "usedAt" - make_interval(secs => $2) WHERE "userId" = $1 AND "usedAt" IS NOT NULL`,
      [userId, seconds],
    );

  it('treats a used token presented again after the grace as reuse: TOKEN_REUSED, and the whole family is revoked', async () => {
    const guest = await createGuest(identity.services);
    const rotated = await refresh(guest.tokens.refreshToken);
    await ageRotations(guest.userId);

    await expect(refresh(guest.tokens.refreshToken)).rejects.toMatchObject({
      code: ErrorCode.TokenReused,
      service: 'identity',
    });
    // The token the legitimate holder got from the rotation stops working too.
    await expect(refresh(rotated.tokens.refreshToken!)).rejects.toMatchObject({
      code: ErrorCode.TokenInvalid,
    });
    const [session] = await dataSourceOf(identity.services).query(
      'SELECT "revokedAt" FROM identity.sessions WHERE "userId" = $1',
      [guest.userId],
    );
    expect(session.revokedAt).toBeInstanceOf(Date);
  });

  it('treats a used token as reuse at once when its successor was used in turn', async () => {
    const guest = await createGuest(identity.services);
    const rotated = await refresh(guest.tokens.refreshToken);
    await refresh(rotated.tokens.refreshToken!);
    await expect(refresh(guest.tokens.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TokenReused });
  });

  it('lets two tabs refresh with the same token at once: both get access tokens, one successor is issued', async () => {
    const guest = await createGuest(identity.services);
    const outcomes = await Promise.all([
      refresh(guest.tokens.refreshToken),
      refresh(guest.tokens.refreshToken),
    ]);

    const withSuccessor = outcomes.filter((outcome) => outcome.tokens.refreshToken);
    expect(withSuccessor).toHaveLength(1);
    for (const outcome of outcomes) {
      const access = await verifyToken(identity.jwks, outcome.tokens.accessToken);
      expect(access.payload).toMatchObject({ sub: guest.userId, token_use: 'access' });
    }
    const issued = await dataSourceOf(identity.services).query(
      'SELECT count(*)::int AS count FROM identity.refresh_tokens WHERE "userId" = $1',
      [guest.userId],
    );
    // The original and exactly one successor: the later refresh minted no refresh token.
    expect(issued[0].count).toBe(2);
    // The session goes on with that successor.
    await expect(refresh(withSuccessor[0]!.tokens.refreshToken!)).resolves.toBeDefined();
  });

  it('gives the previous token only access tokens within the grace, never a refresh token', async () => {
    const guest = await createGuest(identity.services);
    await refresh(guest.tokens.refreshToken);
    const again = await refresh(guest.tokens.refreshToken);
    expect(again.tokens.refreshToken).toBeUndefined();
    expect(again.tokens.refreshExpiresIn).toBeUndefined();
    expect(again.tokens.accessToken).toEqual(expect.any(String));
  });

  it('answers an expired token with TOKEN_INVALID', async () => {
    const guest = await createGuest(identity.services);
    await dataSourceOf(identity.services).query(
      `UPDATE identity.refresh_tokens SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`,
      [guest.userId],
    );
    await expect(refresh(guest.tokens.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
  });

  it('answers an unknown token with TOKEN_INVALID', async () => {
    await expect(refresh('b'.repeat(43))).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
  });

  it('revokes the family on sign-out: neither the token nor its successors refresh afterwards', async () => {
    const guest = await createGuest(identity.services);
    const rotated = await refresh(guest.tokens.refreshToken);

    await expect(revoke(rotated.tokens.refreshToken!)).resolves.toEqual({
      revoked: true,
      userId: guest.userId,
      sessionId: expect.any(String),
    });
    await expect(refresh(rotated.tokens.refreshToken!)).rejects.toMatchObject({
      code: ErrorCode.TokenInvalid,
    });
    // Revoking again is harmless.
    await expect(revoke(rotated.tokens.refreshToken!)).resolves.toEqual({
      revoked: true,
      userId: guest.userId,
      sessionId: expect.any(String),
    });
  });

  it('leaves other sessions alone when one is revoked', async () => {
    const first = await createGuest(identity.services);
    const second = await createGuest(identity.services);
    await revoke(first.tokens.refreshToken);
    await expect(refresh(second.tokens.refreshToken)).resolves.toBeDefined();
  });

  it('answers revoke of an unknown token with revoked: false', async () => {
    await expect(revoke('c'.repeat(43))).resolves.toEqual({ revoked: false });
  });

  it('signs the user out when the user no longer exists', async () => {
    const guest = await createGuest(identity.services);
    await dataSourceOf(identity.services).query('DELETE FROM identity.users WHERE id = $1', [guest.userId]);
    await expect(refresh(guest.tokens.refreshToken)).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
  });

  it('puts group changes into the tokens issued on refresh', async () => {
    const guest = await createGuest(identity.services);
    await dataSourceOf(identity.services).query(
      `UPDATE identity.users SET groups = '{admin}' WHERE id = $1`,
      [guest.userId],
    );
    const { tokens } = await refresh(guest.tokens.refreshToken);
    expect((await verifyToken(identity.jwks, tokens.idToken)).payload.groups).toEqual(['admin']);
    expect((await verifyToken(identity.jwks, tokens.accessToken)).payload.groups).toEqual(['admin']);
  });

  it.each([
    [Subjects.IdentityTokenRefresh, {}],
    [Subjects.IdentityTokenRefresh, { refreshToken: 'short' }],
    [Subjects.IdentityTokenRevoke, { refreshToken: 42 }],
  ])('answers a bad %s payload with VALIDATION_FAILED', async (subject, payload) => {
    await expect(sendRaw(subject, payload)).resolves.toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
