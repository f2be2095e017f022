import { Subjects } from '@backtalk/proto';
import { clientAt, createAccount, createGuest, dataSourceOf, useIdentity } from '../../test/identity.harness';
import { PurgeGuests } from './purge-guests.use-case';

/**
 * The chats themselves move in chat-inference (see services/system-tests
 * accounts.test.ts, where a guest's chat survives signing up). Here identity
 * runs alone, so chat-inference does not answer: the conversion must be kept
 * pending, never lost, and never block the sign-in.
 */
describe('guest to account conversion, identity side', () => {
  const identity = useIdentity('convert_guest');
  const guestRow = async (guestUserId: string) =>
    (
      await dataSourceOf(identity.services).query(
        'SELECT "convertedToUser", "convertedUserId" FROM identity.guest_users WHERE "cognitoUsername" = $1',
        [guestUserId],
      )
    )[0];

  it('signs the user in even when the chats cannot move yet, and records the move as pending', async () => {
    const guest = await createGuest(identity.services);
    const { userId } = await createAccount(identity.services, 'pending.convert@example.com');
    const reply = await identity.services.client.request(Subjects.IdentitySignInStart, {
      email: 'pending.convert@example.com',
      password: 'Correct-Horse-9',
      guestUserId: guest.userId,
      client: clientAt(),
    });
    expect(reply.nextStep).toEqual({ step: 'done' });
    await expect(guestRow(guest.userId)).resolves.toEqual({ convertedToUser: null, convertedUserId: userId });
  });

  it('never hands one guest to a second account', async () => {
    const guest = await createGuest(identity.services);
    const first = await createAccount(identity.services, 'first.convert@example.com');
    await createAccount(identity.services, 'second.convert@example.com');
    for (const email of ['first.convert@example.com', 'second.convert@example.com']) {
      await identity.services.client.request(Subjects.IdentitySignInStart, {
        email,
        password: 'Correct-Horse-9',
        guestUserId: guest.userId,
        client: clientAt(),
      });
    }
    await expect(guestRow(guest.userId)).resolves.toMatchObject({ convertedUserId: first.userId });
  });

  it('keeps a guest whose move is pending when purging inactive guests', async () => {
    const guest = await createGuest(identity.services);
    await createAccount(identity.services, 'kept.convert@example.com');
    await identity.services.client.request(Subjects.IdentitySignInStart, {
      email: 'kept.convert@example.com',
      password: 'Correct-Horse-9',
      guestUserId: guest.userId,
      client: clientAt(),
    });
    await dataSourceOf(identity.services).query(
      `UPDATE identity.guest_users SET "lastActiveAt" = now() - interval '400 days' WHERE "cognitoUsername" = $1`,
      [guest.userId],
    );
    const purged = await identity.services.apps[0]!.get(PurgeGuests).execute();
    expect(purged).not.toContain(guest.userId);
    await expect(guestRow(guest.userId)).resolves.toBeDefined();
  });
});
