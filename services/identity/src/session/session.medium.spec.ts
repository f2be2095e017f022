import { ErrorCode, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { createGuest, dataSourceOf, sendRaw, useIdentity } from '../../test/identity.harness';

describe('identity.session.get', () => {
  const identity = useIdentity('session');

  const guestActor = (userId: string) => ({ userId, userType: 'guest' as const, groups: [] });
  const session = (userId: string) =>
    identity.services.client.request(Subjects.IdentitySessionGet, { actor: guestActor(userId) });

  it("answers with the actor's own user, each guest seeing only itself", async () => {
    const first = await createGuest(identity.services);
    const second = await createGuest(identity.services);

    await expect(session(first.userId)).resolves.toEqual({
      userId: first.userId,
      userType: 'guest',
      groups: [],
      email: null,
      emailVerified: false,
      isCreator: false,
      ageBand: null,
    });
    await expect(session(second.userId)).resolves.toMatchObject({ userId: second.userId });
  });

  it('reads the user as stored now, not as the token described it', async () => {
    const userId = randomUUID();
    await dataSourceOf(identity.services).query(
      `INSERT INTO identity.users (id, owner, username, email, "isCreator", groups)
       VALUES ($1::uuid, $1::text, 'creator@example.com', 'creator@example.com', true, '{admin}')`,
      [userId],
    );
    await expect(session(userId)).resolves.toEqual({
      userId,
      userType: 'authenticated',
      groups: ['admin'],
      email: 'creator@example.com',
      emailVerified: false,
      isCreator: true,
      ageBand: null,
    });
  });

  it('answers NOT_FOUND when the user is gone', async () => {
    const guest = await createGuest(identity.services);
    await dataSourceOf(identity.services).query('DELETE FROM identity.users WHERE id = $1', [guest.userId]);
    await expect(session(guest.userId)).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: 'User not found',
    });
    await expect(session(randomUUID())).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it.each([
    ['no actor', {}],
    ['an actor id that is not a uuid', { actor: { userId: 'someone-else', userType: 'guest', groups: [] } }],
    ['an unknown user type', { actor: { userId: randomUUID(), userType: 'root', groups: [] } }],
  ])('answers a payload with %s with VALIDATION_FAILED', async (_label, payload) => {
    await expect(sendRaw(Subjects.IdentitySessionGet, payload)).resolves.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
  });
});
