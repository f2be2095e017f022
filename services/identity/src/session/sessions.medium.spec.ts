import { ErrorCode, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import {
  clientAt,
  createAccount,
  dataSourceOf,
  sendRaw,
  verifyToken,
  useIdentity,
} from '../../test/identity.harness';

const PASSWORD = 'Correct-Horse-9';

describe("a user's sessions: list, sign out one, sign out everywhere", () => {
  const identity = useIdentity('sessions');
  let n = 0;

  /** An account signed in twice (two browsers); the actor is the first session's. */
  const twoSessions = async () => {
    const email = `fan${++n}.sessions@example.com`;
    const { userId } = await createAccount(identity.services, email);
    const signIn = (userAgent: string) =>
      identity.services.client.request(Subjects.IdentitySignInStart, {
        email,
        password: PASSWORD,
        client: { ...clientAt(), userAgent },
      });
    const first = (await signIn('Firefox')).session!;
    const second = (await signIn('Chromium')).session!;
    const sidOf = async (accessToken: string) =>
      (await verifyToken(identity.jwks, accessToken)).payload.sid as string;
    const actor = {
      userId,
      userType: 'authenticated' as const,
      groups: [],
      sessionId: await sidOf(first.accessToken),
    };
    return { userId, actor, first, second, secondId: await sidOf(second.accessToken) };
  };

  it("lists only the actor's live sessions, marking the current one", async () => {
    const { actor, secondId } = await twoSessions();
    await twoSessions(); // someone else's
    const { sessions } = await identity.services.client.request(Subjects.IdentitySessionList, { actor });
    // createAccount confirms without the sign-up challenge, so only the two sign-ins made sessions.
    expect(sessions).toHaveLength(2);
    expect(sessions.find((session) => session.current)).toMatchObject({
      id: actor.sessionId,
      userAgent: 'Firefox',
    });
    expect(sessions.find((session) => !session.current)).toMatchObject({
      id: secondId,
      userAgent: 'Chromium',
    });
  });

  it('signs out one session: its refresh token stops working, the other goes on', async () => {
    const { actor, first, second, secondId } = await twoSessions();
    await expect(
      identity.services.client.request(Subjects.IdentitySessionRevoke, { actor, sessionId: secondId }),
    ).resolves.toEqual({ revoked: true });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: second.refreshToken }),
    ).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: first.refreshToken }),
    ).resolves.toBeDefined();
  });

  it("cannot list or end another user's session: NOT_FOUND, and it lives on", async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    await expect(
      identity.services.client.request(Subjects.IdentitySessionRevoke, {
        actor: mine.actor,
        sessionId: theirs.secondId,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, {
        refreshToken: theirs.second.refreshToken,
      }),
    ).resolves.toBeDefined();
    const { sessions } = await identity.services.client.request(Subjects.IdentitySessionList, {
      actor: mine.actor,
    });
    expect(sessions.map((session) => session.id)).not.toContain(theirs.secondId);
  });

  it('signs out everywhere: every session of the user ends, no one else is touched', async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    await expect(
      identity.services.client.request(Subjects.IdentitySessionRevokeAll, { actor: mine.actor }),
    ).resolves.toEqual({
      revoked: 2,
    });
    for (const token of [mine.first.refreshToken, mine.second.refreshToken]) {
      await expect(
        identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: token }),
      ).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
    }
    await expect(
      identity.services.client.request(Subjects.IdentitySessionList, { actor: mine.actor }),
    ).resolves.toEqual({
      sessions: [],
    });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, {
        refreshToken: theirs.first.refreshToken,
      }),
    ).resolves.toBeDefined();
  });

  it('answers identity.session.check: live until signed out, and never for another user', async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    const check = (userId: string, sessionId: string) =>
      identity.services.client.request(Subjects.IdentitySessionCheck, { userId, sessionId });
    await expect(check(mine.userId, mine.secondId)).resolves.toEqual({ live: true });
    await expect(check(theirs.userId, mine.secondId)).resolves.toEqual({ live: false });
    await identity.services.client.request(Subjects.IdentityTokenRevoke, {
      refreshToken: mine.second.refreshToken,
    });
    await expect(check(mine.userId, mine.secondId)).resolves.toEqual({ live: false });
    await expect(check(mine.userId, mine.actor.sessionId)).resolves.toEqual({ live: true });
    await expect(check(mine.userId, randomUUID())).resolves.toEqual({ live: false });
  });

  it('records the last use on refresh', async () => {
    const { actor, first } = await twoSessions();
    const before = (
      await identity.services.client.request(Subjects.IdentitySessionList, { actor })
    ).sessions.find((session) => session.current)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await identity.services.client.request(Subjects.IdentityTokenRefresh, {
      refreshToken: first.refreshToken,
    });
    const after = (
      await identity.services.client.request(Subjects.IdentitySessionList, { actor })
    ).sessions.find((session) => session.current)!;
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));
  });

  it("ends an account's session 90 days after its sign-in, however often it was refreshed (ASVS 7.3.2)", async () => {
    const { userId, first, second, secondId } = await twoSessions();
    await dataSourceOf(identity.services).query(
      `UPDATE identity.sessions SET "createdAt" = now() - interval '90 days 1 minute' WHERE id = $1 AND "userId" = $2`,
      [secondId, userId],
    );
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: second.refreshToken }),
    ).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, { refreshToken: first.refreshToken }),
    ).resolves.toBeDefined();
  });

  it.each([
    [Subjects.IdentitySessionList, {}],
    [
      Subjects.IdentitySessionRevoke,
      { actor: { userId: randomUUID(), userType: 'authenticated', groups: [] } },
    ],
    [
      Subjects.IdentitySessionRevoke,
      { actor: { userId: randomUUID(), userType: 'authenticated', groups: [] }, sessionId: 'not-a-uuid' },
    ],
    [Subjects.IdentitySessionRevokeAll, { actor: { userId: 'me', userType: 'authenticated', groups: [] } }],
  ])('refuses a bad %s payload with VALIDATION_FAILED', async (subject, payload) => {
    await expect(sendRaw(subject, payload)).resolves.toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
