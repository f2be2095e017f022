import { type Actor, ErrorCode, Subjects, calendarDateIn } from '@backtalk/proto';
import {
  clientAt,
  createAccount,
  createGuest,
  dataSourceOf,
  sendRaw,
  useIdentity,
  verifyToken,
} from '../../test/identity.harness';

const PASSWORD = 'Correct-Horse-9';

/** The birth date of someone `years` old whose birthday is `days` after today (anywhere on Earth). */
function birthdate(years: number, days = 0): string {
  const today = calendarDateIn(new Date());
  const date = new Date(Date.UTC(today.year - years, today.month - 1, today.day + days));
  return date.toISOString().slice(0, 10);
}

describe('age (docs/safety.md, "Age")', () => {
  const identity = useIdentity('age');
  let n = 0;
  const newEmail = () => `fan${++n}.age@example.com`;
  const db = () => dataSourceOf(identity.services);
  const count = async (table: string, where = 'true', parameters: unknown[] = []): Promise<number> => {
    const [row] = await db().query(
      `SELECT count(*)::int AS count FROM identity.${table} WHERE ${where}`,
      parameters,
    );
    return (row as { count: number }).count;
  };
  const snapshot = async () => ({
    users: await count('users'),
    codes: await count('verification_codes'),
    outbox: await count('outbox_messages'),
    challenges: await count('sign_in_challenges'),
    rateLimits: await count('rate_limits'),
  });
  const actorOf = async (accessToken: string): Promise<Actor> => {
    const { payload } = await verifyToken(identity.jwks, accessToken);
    return {
      userId: payload.sub!,
      userType: payload['user_type'] as Actor['userType'],
      groups: payload['groups'] as string[],
      ...(typeof payload['sid'] === 'string' ? { sessionId: payload['sid'] } : {}),
    };
  };
  const setAge = (actor: Actor, answer: { birthdate?: string; ageBand?: string }) =>
    sendRaw(Subjects.IdentityAgeSet, { actor, answer });
  const signIn = async (email: string) => {
    const reply = await identity.services.client.request(Subjects.IdentitySignInStart, {
      email,
      password: PASSWORD,
      client: clientAt(),
    });
    if (!('session' in reply) || !reply.session) throw new Error('no session');
    return reply.session;
  };

  it('refuses a sign-up under 13 (a birthday tomorrow) and keeps nothing: no account, code, email, challenge or counter', async () => {
    const before = await snapshot();
    const email = newEmail();
    const error = await sendRaw(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      attributes: { birthdate: birthdate(13, 1) },
      client: clientAt(),
    });
    expect(error).toMatchObject({
      code: ErrorCode.AgeUnder13,
      message: expect.stringContaining('at least 13'),
    });
    expect(await snapshot()).toEqual(before);
    const [row] = await db().query(
      `SELECT count(*)::int AS count FROM identity.rate_limits WHERE key LIKE '%' || $1 || '%'`,
      [email],
    );
    expect(row).toEqual({ count: 0 });
  });

  it('accepts a sign-up on the day of the 13th birthday and keeps the date as the birthdate attribute', async () => {
    const email = newEmail();
    const born = birthdate(13);
    await identity.services.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password: PASSWORD,
      attributes: { birthdate: born },
      client: clientAt(),
    });
    const [user] = await db().query('SELECT attributes FROM identity.users WHERE email = $1', [email]);
    expect(user.attributes).toEqual({ birthdate: born });
  });

  it.each([
    ['a malformed date', '10/05/2010'],
    ['an impossible day', '2010-02-30'],
    ['a future date', '2999-01-01'],
    ['an absurd age', '1800-01-01'],
  ])('answers a sign-up with %s 400 VALIDATION_FAILED and stores nothing', async (_case, date) => {
    const before = await snapshot();
    const error = await sendRaw(Subjects.IdentityAccountSignUp, {
      email: newEmail(),
      password: PASSWORD,
      attributes: { birthdate: date },
      client: clientAt(),
    });
    expect(error).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await snapshot()).toEqual(before);
  });

  it('asks an account without a birth date once: the answer gives tokens with the band, a second answer is refused', async () => {
    const email = newEmail();
    await createAccount(identity.services, email);
    const session = await signIn(email);
    const actor = await actorOf(session.accessToken);
    expect((await verifyToken(identity.jwks, session.accessToken)).payload['age_band']).toBeUndefined();
    expect(await identity.services.client.request(Subjects.IdentitySessionGet, { actor })).toMatchObject({
      ageBand: null,
    });

    expect(await setAge(actor, { ageBand: 'adult' })).toMatchObject({ code: ErrorCode.AgeAnswerMismatch });
    const reply = (await setAge(actor, { birthdate: birthdate(15) })) as {
      ageBand: string;
      session: { accessToken: string; idToken: string };
    };
    expect(reply.ageBand).toBe('13-15');
    const { payload } = await verifyToken(identity.jwks, reply.session.accessToken);
    expect(payload['age_band']).toBe('13-15');
    expect(payload['sid']).toBe(actor.sessionId);
    expect(JSON.stringify(payload)).not.toContain(birthdate(15));
    expect(await identity.services.client.request(Subjects.IdentitySessionGet, { actor })).toMatchObject({
      ageBand: '13-15',
    });
    // The next sign-in's tokens carry it too.
    const next = await signIn(email);
    expect((await verifyToken(identity.jwks, next.accessToken)).payload['age_band']).toBe('13-15');
    expect(await setAge(actor, { birthdate: birthdate(30) })).toMatchObject({
      code: ErrorCode.AgeAlreadySet,
    });
  });

  it('refuses an account an under-13 birth date and does not store it', async () => {
    const email = newEmail();
    const { userId } = await createAccount(identity.services, email);
    const actor = await actorOf((await signIn(email)).accessToken);
    expect(await setAge(actor, { birthdate: birthdate(12) })).toMatchObject({ code: ErrorCode.AgeUnder13 });
    const [user] = await db().query('SELECT attributes FROM identity.users WHERE id = $1', [userId]);
    expect(user.attributes).toEqual({});
  });

  it('keeps a guest’s confirmed band for its session: the refreshed tokens carry it, and it is not asked again', async () => {
    const guest = await createGuest(identity.services);
    const actor = await actorOf(guest.tokens.accessToken);
    expect(await setAge(actor, { birthdate: birthdate(20) })).toMatchObject({
      code: ErrorCode.AgeAnswerMismatch,
    });
    const reply = (await setAge(actor, { ageBand: '16-17' })) as { session: { accessToken: string } };
    expect((await verifyToken(identity.jwks, reply.session.accessToken)).payload['age_band']).toBe('16-17');
    const refreshed = await identity.services.client.request(Subjects.IdentityTokenRefresh, {
      refreshToken: guest.tokens.refreshToken,
    });
    expect((await verifyToken(identity.jwks, refreshed.tokens.accessToken)).payload['age_band']).toBe(
      '16-17',
    );
    expect(await setAge(actor, { ageBand: 'adult' })).toMatchObject({ code: ErrorCode.AgeAlreadySet });
  });

  it('deletes a guest who says they are under 13: user, guest record, password, session and tokens', async () => {
    const guest = await createGuest(identity.services);
    const actor = await actorOf(guest.tokens.accessToken);
    expect(await setAge(actor, { ageBand: 'under-13' })).toMatchObject({ code: ErrorCode.AgeUnder13 });
    const id = [guest.userId];
    expect(await count('users', 'id = $1', id)).toBe(0);
    expect(await count('guest_users', '"cognitoUsername" = $1', id)).toBe(0);
    expect(await count('guest_passwords', '"guestUserId" = $1', id)).toBe(0);
    expect(await count('sessions', '"userId" = $1', id)).toBe(0);
    expect(await count('refresh_tokens', '"userId" = $1', id)).toBe(0);
    // Only the deletion is recorded, so other services erase anything the guest had there.
    expect(await count('account_deletions', '"userId" = $1', id)).toBe(1);
    expect(
      await sendRaw(Subjects.IdentityTokenRefresh, { refreshToken: guest.tokens.refreshToken }),
    ).toMatchObject({ code: ErrorCode.TokenInvalid });
  });

  it.each([
    ['no answer', {}],
    ['both answers', { birthdate: '2000-01-01', ageBand: 'adult' }],
    ['an unknown band', { ageBand: '21+' }],
    ['a future birth date', { birthdate: '2999-12-31' }],
    ['an extra field', { ageBand: 'adult', userId: 'someone-else' }],
  ])('answers %s with 400 VALIDATION_FAILED and changes nothing', async (_case, answer) => {
    const guest = await createGuest(identity.services);
    const actor = await actorOf(guest.tokens.accessToken);
    expect(await setAge(actor, answer)).toMatchObject({ code: ErrorCode.ValidationFailed });
    const [user] = await db().query('SELECT "confirmedAgeBand" FROM identity.users WHERE id = $1', [
      guest.userId,
    ]);
    expect(user).toEqual({ confirmedAgeBand: null });
  });
});
