import { processBus } from '@backtalk/kit';
import { ErrorCode, Events, Subjects } from '@backtalk/proto';
import { createGuest, dataSourceOf, useIdentity } from '../../test/identity.harness';
import { PurgeGuests } from './purge-guests.use-case';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('purging unconverted guests (GUEST_RETENTION_DAYS)', () => {
  const identity = useIdentity('purge', { GUEST_RETENTION_DAYS: '10' });
  const events: { userIds: string[] }[] = [];
  let unsubscribe: () => void;

  beforeAll(() => {
    unsubscribe = processBus.subscribe(Events.IdentityGuestPurged, (message) =>
      events.push((JSON.parse(message.data) as { data: { userIds: string[] } }).data),
    );
  });
  afterAll(() => unsubscribe?.());

  const purge = (now = new Date()) => identity.services.apps[0]!.get(PurgeGuests).execute(now);
  const sql = (query: string, parameters: unknown[] = []) =>
    dataSourceOf(identity.services).query(query, parameters) as Promise<Record<string, unknown>[]>;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
  /** Moves a guest's clock back, as if it was created (and last active) `days` ago. */
  const age = (userId: string, days: number, lastActiveDays: number | null = days) =>
    sql(
      `UPDATE identity.guest_users SET "createdAt" = $2, "lastActiveAt" = $3 WHERE "cognitoUsername" = $1`,
      [userId, daysAgo(days), lastActiveDays === null ? null : daysAgo(lastActiveDays)],
    );
  const rowsOf = async (userId: string) => ({
    users: (await sql('SELECT 1 FROM identity.users WHERE id = $1', [userId])).length,
    guests: (await sql('SELECT 1 FROM identity.guest_users WHERE "cognitoUsername" = $1', [userId])).length,
    passwords: (await sql('SELECT 1 FROM identity.guest_passwords WHERE "guestUserId" = $1', [userId]))
      .length,
    tokens: (await sql('SELECT 1 FROM identity.refresh_tokens WHERE "userId" = $1', [userId])).length,
  });

  it('deletes a guest inactive past the retention, with its user, password and sessions, and says so', async () => {
    const stale = await createGuest(identity.services);
    const recent = await createGuest(identity.services);
    const neverActive = await createGuest(identity.services);
    const activeLately = await createGuest(identity.services);
    await age(stale.userId, 11);
    await age(recent.userId, 9);
    await age(neverActive.userId, 11, null);
    await age(activeLately.userId, 40, 2);
    events.length = 0;

    const purged = await purge();

    expect(purged.sort()).toEqual([stale.userId, neverActive.userId].sort());
    expect(await rowsOf(stale.userId)).toEqual({ users: 0, guests: 0, passwords: 0, tokens: 0 });
    expect(await rowsOf(neverActive.userId)).toEqual({ users: 0, guests: 0, passwords: 0, tokens: 0 });
    expect(await rowsOf(recent.userId)).toEqual({ users: 1, guests: 1, passwords: 1, tokens: 1 });
    expect(await rowsOf(activeLately.userId)).toEqual({ users: 1, guests: 1, passwords: 1, tokens: 1 });
    await expect(
      identity.services.client.request(Subjects.IdentityTokenRefresh, {
        refreshToken: stale.tokens.refreshToken,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.TokenInvalid });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.flatMap((event) => event.userIds).sort()).toEqual(purged.sort());
    // A purged guest is a deleted account for the other services' retention (docs/retention.md).
    const tombstones = await sql(
      `SELECT "userId", "wasCreator", "announcedAt" FROM identity.account_deletions WHERE "userId" = ANY($1)`,
      [[stale.userId, neverActive.userId, recent.userId, activeLately.userId]],
    );
    expect(tombstones.map((row) => row['userId']).sort()).toEqual(purged.sort());
    expect(tombstones.every((row) => row['wasCreator'] === false && row['announcedAt'] === null)).toBe(true);
  });

  it('keeps converted guests, and a guest whose user is no longer a guest', async () => {
    const converted = await createGuest(identity.services);
    const upgraded = await createGuest(identity.services);
    await age(converted.userId, 100);
    await age(upgraded.userId, 100);
    await sql(`UPDATE identity.guest_users SET "convertedToUser" = true WHERE "cognitoUsername" = $1`, [
      converted.userId,
    ]);
    await sql(`UPDATE identity.users SET "isGuest" = false WHERE id = $1`, [upgraded.userId]);

    expect(await purge()).toEqual([]);
    expect((await rowsOf(converted.userId)).users).toBe(1);
    expect((await rowsOf(upgraded.userId)).users).toBe(1);
  });

  it('is safe to run on several replicas at once: each guest is purged exactly once', async () => {
    const guests = await Promise.all(Array.from({ length: 12 }, () => createGuest(identity.services)));
    for (const guest of guests) await age(guest.userId, 30);
    const runs = await Promise.all([purge(), purge(), purge()]);
    const all = runs.flat();
    expect(all.sort()).toEqual(guests.map((guest) => guest.userId).sort());
    expect(new Set(all).size).toBe(all.length);
    expect(await purge()).toEqual([]);
  });
});
