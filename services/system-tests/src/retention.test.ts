import type { StartedGateway } from '@backtalk/gateway';
import { PurgeGuests } from '@backtalk/identity';
import { Clock, DAY_MS, RetentionJob } from '@backtalk/kit';
import {
  describeNeeding,
  startStripeMock,
  startTestSmtpServer,
  stripeMockProblem,
  type StripeMock,
  waitFor,
  type InProcessServices,
  type TestDatabase,
  type TestSmtpServer,
} from '@backtalk/testing';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gatewayHttp, signUpAccount } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(120_000);

const PASSWORD = 'Correct-Horse-9';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Account deletion and the retention terms (docs/retention.md, spec §9): every service
 * that holds a user's data, on real PostgreSQL, with the durable queue between them. The
 * clocks the retention jobs read are moved forward; the jobs are the real ones.
 */
describeNeeding('stripe-mock', stripeMockProblem())(
  'account deletion and retention (spec §9 Terms and Privacy)',
  () => {
    let mock: StripeMock;
    let database: TestDatabase;
    let services: InProcessServices;
    let gateway: StartedGateway;
    let smtp: TestSmtpServer;
    let sql: Client;

    const call = gatewayHttp(() => gateway.url);
    const account = (email: string) =>
      signUpAccount(call, email, PASSWORD, (to) => smtp.waitFor(to, /Your code is (\d{6})/));
    const count = async (query: string, params: unknown[]) =>
      Number((await sql.query(`SELECT count(*)::int AS n FROM ${query}`, params)).rows[0].n);

    /** The running service applications (startPlatformInProcess's order), each with its own clock and job. */
    const apps = (): Record<'identity' | 'creators' | 'chat' | 'billing', INestMicroservice> => {
      const [identity, creators, , , billing, chat] = services.apps;
      return { identity: identity!, creators: creators!, chat: chat!, billing: billing! };
    };
    /** Moves every service's clock forward. */
    const advance = (ms: number) => {
      for (const each of Object.values(apps())) each.get(Clock, { strict: false }).advance(ms);
    };
    const resetClocks = () => {
      for (const each of Object.values(apps())) each.get(Clock, { strict: false }).reset();
    };
    const runJobs = async () => ({
      identity: await apps().identity.get(RetentionJob, { strict: false }).run(),
      creators: await apps().creators.get(RetentionJob, { strict: false }).run(),
      chat: await apps().chat.get(RetentionJob, { strict: false }).run(),
      billing: await apps().billing.get(RetentionJob, { strict: false }).run(),
    });

    /** What each service holds for a user (and, for a creator, its creator id). */
    const holdings = async (userId: string, creatorId: string) => ({
      identityUser: await count('identity.users WHERE id = $1', [userId]),
      sessions: await count('identity.sessions WHERE "userId" = $1', [userId]),
      codes: await count('identity.verification_codes WHERE "userId" = $1', [userId]),
      conversations: await count('chat_inference.conversations WHERE owner = $1', [userId]),
      messages: await count('chat_inference.messages WHERE owner = $1', [userId]),
      rateLimits: await count('chat_inference.user_rate_limits WHERE "userId" = $1', [userId]),
      limitsReached: await count('chat_inference.free_tier_limits_reached WHERE owner = $1', [userId]),
      creator: await count('creators.creators WHERE "userId" = $1', [userId]),
      posts: await count('creators.posts WHERE "creatorId" = $1', [creatorId]),
      prompts: await count('creators.creator_prompt_versions WHERE "creatorId" = $1', [creatorId]),
      keys: await count('creators.creator_verification_keys WHERE "userId" = $1', [userId]),
      customer: await count('billing.stripe_customers WHERE "userId" = $1', [userId]),
      stripeAccount: await count('billing.stripe_accounts WHERE "creatorId" = $1', [creatorId]),
      price: await count('billing.creator_prices WHERE "creatorId" = $1', [creatorId]),
      subscriptionsAsFan: await count('billing.creator_subscriptions WHERE "userId" = $1', [userId]),
      dataExport: await count('ingestion.data_export_profiles WHERE "userId" = $1', [userId]),
    });

    /** Gives a user a record in every table of every service that holds user data. */
    const seed = async (userId: string): Promise<string> => {
      const creatorId = randomUUID();
      const otherCreator = randomUUID();
      await sql.query(`UPDATE identity.users SET "isCreator" = true WHERE id = $1`, [userId]);
      await sql.query(
        `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle) VALUES ($1, $2, $2, $3, $4)`,
        [creatorId, userId, `https://www.tiktok.com/@r${creatorId.slice(0, 8)}`, `r${creatorId.slice(0, 8)}`],
      );
      await sql.query(
        `INSERT INTO creators.posts (owner, "creatorId", "videoUrl", "captionUrl", caption, "desc", "tikTokCreatedAt", "awemeId")
       VALUES ($1, $2, 'v', 'c', 'caption', 'desc', now(), $3)`,
        [userId, creatorId, randomUUID()],
      );
      await sql.query(
        `INSERT INTO creators.creator_prompt_versions ("creatorId", version, "creatorPrompt", "editedBy") VALUES ($1, 1, 'Be kind.', $2)`,
        [creatorId, userId],
      );
      await sql.query(
        `INSERT INTO creators.creator_verification_keys (owner, "userId", key, "secUid", "tikTokUserId") VALUES ($1, $1, 'key', 'sec', 'tt')`,
        [userId],
      );
      await sql.query(
        `INSERT INTO ingestion.data_export_profiles ("userId", handle, "nickName", bio, "avatarUrl", "followerCount", "videoCount") VALUES ($1, 'r', 'R', '', '', 3000, 2)`,
        [userId],
      );
      const conversation = randomUUID();
      await sql.query(
        `INSERT INTO chat_inference.conversations (id, owner, "creatorId") VALUES ($1, $2, $3)`,
        [conversation, userId, otherCreator],
      );
      await sql.query(
        `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content) VALUES (gen_random_uuid(), $1, $2, 'user', '[]')`,
        [conversation, userId],
      );
      await sql.query(
        `INSERT INTO chat_inference.user_rate_limits ("userId", owner, "queryCount", "resetTime") VALUES ($1, $1, 3, now() + interval '1 day')`,
        [userId],
      );
      await sql.query(
        `INSERT INTO chat_inference.free_tier_limits_reached (owner, "creatorId") VALUES ($1, $2)`,
        [userId, otherCreator],
      );
      await sql.query(
        `INSERT INTO billing.stripe_customers ("userId", "stripeCustomerId") VALUES ($1, 'cus_r')`,
        [userId],
      );
      await sql.query(
        `INSERT INTO billing.stripe_accounts ("creatorId", "stripeAccountId") VALUES ($1, 'acct_r')`,
        [creatorId],
      );
      await sql.query(
        `INSERT INTO billing.creator_prices ("creatorId", price_per_subscription) VALUES ($1, 900)`,
        [creatorId],
      );
      // As a fan, and — another fan — to this user's creator profile: both live at Stripe.
      await sql.query(
        `INSERT INTO billing.creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status, "stripeSubscriptionId", "stripeStatus")
       VALUES ($1, $2, $1, now(), now() + interval '30 days', 'active', $3, 'active'),
              ($4, $5, $4, now(), now() + interval '30 days', 'active', $6, 'active')`,
        [
          userId,
          otherCreator,
          `sub_fan${userId.slice(0, 8)}`,
          randomUUID(),
          creatorId,
          `sub_to${creatorId.slice(0, 8)}`,
        ],
      );
      return creatorId;
    };

    beforeAll(async () => {
      mock = await startStripeMock();
      smtp = await startTestSmtpServer();
      database = await createSystemTestDatabase('retention');
      ({ services, gateway } = await startPlatformInProcess({
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Backtalk <codes@backtalk.test>',
        ...mock.env,
      }));
      sql = new Client({ connectionString: database.url });
      await sql.connect();
    });
    afterAll(async () => {
      await sql?.end();
      await gateway?.app.close();
      await services?.close();
      await database?.drop();
      await smtp?.close();
      await mock?.close();
    });
    afterEach(() => resetClocks());

    it('refuses bad input with a clear 4xx {code, message} and changes nothing', async () => {
      const user = await account('bad-input@retention.test');
      const before = await holdings(user.userId, randomUUID());
      const refused = [
        await call('/api/auth/account/delete', { token: user.token, body: {} }),
        await call('/api/auth/account/delete', {
          token: user.token,
          body: { confirm: 'yes', password: PASSWORD },
        }),
        await call('/api/auth/account/delete', { token: user.token, body: { confirm: 'DELETE' } }),
        await call('/api/auth/account/delete', {
          token: user.token,
          body: { confirm: 'DELETE', password: PASSWORD, userId: randomUUID() },
        }),
        await call('/api/auth/account/delete', { token: user.token, body: '{not json' }),
      ];
      for (const answer of refused) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      }
      expect(refused[1]!.body.message).toContain('Type DELETE');
      expect(refused[2]!.body.message).toBe('Enter your password to delete your account.');

      const wrong = await call('/api/auth/account/delete', {
        token: user.token,
        body: { confirm: 'DELETE', password: 'Not-The-Password-1' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'AUTH_INVALID_CREDENTIALS', message: expect.any(String) });
      const anonymous = await call('/api/auth/account/delete', {
        body: { confirm: 'DELETE', password: PASSWORD },
      });
      expect(anonymous.status).toBe(401);
      expect(await holdings(user.userId, randomUUID())).toEqual(before);
      expect((await call('/api/auth/session', { token: user.token })).status).toBe(200);
    });

    it("deletes only the caller's own account: another user's records stay whole", async () => {
      const deleter = await account('deleter@retention.test');
      const bystander = await account('bystander@retention.test');
      const bystanderCreator = await seed(bystander.userId);
      const before = await holdings(bystander.userId, bystanderCreator);

      const deleted = await call('/api/auth/account/delete', {
        token: deleter.token,
        body: { confirm: 'DELETE', password: PASSWORD },
      });
      expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

      // Past the deleter's terms, within the bystander's live session.
      advance(31 * DAY_MS + HOUR_MS);
      await runJobs();
      await runJobs();
      expect(await holdings(bystander.userId, bystanderCreator)).toEqual(before);
      expect((await call('/api/auth/session', { token: bystander.token })).status).toBe(200);
    });

    it('erases everything after its term and nothing before it, in every service', async () => {
      const user = await account('leaving@retention.test');
      const creatorId = await seed(user.userId);
      const seeded = await holdings(user.userId, creatorId);
      expect(seeded).toMatchObject({
        dataExport: 1,
        identityUser: 1,
        conversations: 1,
        limitsReached: 1,
        posts: 1,
        customer: 1,
        subscriptionsAsFan: 1,
      });

      const deleted = await call('/api/auth/account/delete', {
        token: user.token,
        body: { confirm: 'DELETE', password: PASSWORD },
      });
      expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

      // Identity's account data goes at once: the account, its sessions, its codes; signed out.
      expect([401, 404]).toContain((await call('/api/auth/session', { token: user.token })).status);
      const signIn = await call('/api/auth/sign-in', {
        body: { email: 'leaving@retention.test', password: PASSWORD },
      });
      expect(signIn.status).toBe(401);
      // Every service took the durable announcement.
      for (const schema of ['chat_inference', 'creators', 'billing'])
        await waitFor(
          // waitFor waits while the check answers undefined.
          async () =>
            (await count(`${schema}.account_erasures WHERE "userId" = $1`, [user.userId])) === 1 || undefined,
        );
      await waitFor(
        async () =>
          (await count('billing.account_erasures WHERE "userId" = $1', [creatorId])) === 1 || undefined,
        { what: "billing to schedule the erasure of the user's creator profile" },
      );
      // Nobody is charged again: the user's own subscription and their fans' subscriptions to
      // them are cancelled at Stripe (stripe-mock, the real SDK) now, not at the erasure.
      await waitFor(
        async () =>
          (await count(
            `billing.creator_subscriptions WHERE ("userId" = $1 OR "creatorId" = $2) AND "stripeStatus" = 'canceled' AND "canceledAt" IS NOT NULL`,
            [user.userId, creatorId],
          )) === 2 || undefined,
        { what: 'both subscriptions cancelled at Stripe' },
      );
      expect(
        await count('identity.account_deletions WHERE "userId" = $1 AND "announcedAt" IS NOT NULL', [
          user.userId,
        ]),
      ).toBe(1);

      // Ingestion's account data (the imported data-export profile) goes at once too.
      await waitFor(
        async () =>
          (await count('ingestion.data_export_profiles WHERE "userId" = $1', [user.userId])) === 0 ||
          undefined,
        { what: "ingestion to erase the user's data-export profile" },
      );
      const afterDeletion = {
        ...seeded,
        identityUser: 0,
        sessions: 0,
        codes: 0,
        dataExport: 0,
      };
      expect(await holdings(user.userId, creatorId)).toEqual(afterDeletion);

      // Day 29 (and twice, idempotent): the content is still there — nothing goes early.
      advance(29 * DAY_MS);
      await runJobs();
      await runJobs();
      expect(await holdings(user.userId, creatorId)).toEqual(afterDeletion);

      // Day 30 and an hour: the terms "deleted after 30 days" and "account data within 60" are met.
      advance(DAY_MS + HOUR_MS);
      const first = await runJobs();
      expect(first.chat).toMatchObject({ accountsErased: 1, conversations: 1, messages: 1 });
      expect(first.creators.posts).toBe(1);
      const second = await runJobs();
      expect(second.creators).toMatchObject({ accountsErased: 1, creators: 1 });
      expect(await holdings(user.userId, creatorId)).toEqual(
        Object.fromEntries(Object.keys(afterDeletion).map((key) => [key, 0])),
      );
      // The fan's subscription is a payment record: kept, but no longer the user's.
      expect(
        await count('billing.creator_subscriptions WHERE status = $1 AND "userId" <> $2', [
          'active',
          user.userId,
        ]),
      ).toBeGreaterThanOrEqual(1);
      for (const schema of ['chat_inference', 'creators', 'billing'])
        expect(await count(`${schema}.account_erasures WHERE "userId" = $1`, [user.userId])).toBe(0);

      // The tombstone (an id and a date) stays to day 60, then goes too.
      expect(await count('identity.account_deletions WHERE "userId" = $1', [user.userId])).toBe(1);
      advance(30 * DAY_MS);
      expect((await runJobs()).identity.tombstones).toBeGreaterThanOrEqual(1);
      expect(await count('identity.account_deletions WHERE "userId" = $1', [user.userId])).toBe(0);

      // A redelivered announcement after the purge changes nothing but a new (empty) erasure.
      const third = await runJobs();
      expect(third.chat.conversations).toBe(0);
    });

    it("erases a purged guest's chats on the deleted-account term, and nobody else's", async () => {
      const guest = await call('/api/auth/guest', { body: {} });
      expect(guest.status).toBe(201);
      const guestId = guest.body.userId as string;
      const kept = await call('/api/auth/guest', { body: {} });
      const keptId = kept.body.userId as string;
      const chats = async (userId: string) => ({
        conversations: await count('chat_inference.conversations WHERE owner = $1', [userId]),
        messages: await count('chat_inference.messages WHERE owner = $1', [userId]),
        rateLimits: await count('chat_inference.user_rate_limits WHERE "userId" = $1', [userId]),
      });
      for (const userId of [guestId, keptId]) {
        const conversation = randomUUID();
        await sql.query(
          `INSERT INTO chat_inference.conversations (id, owner, "creatorId") VALUES ($1, $2, $3)`,
          [conversation, userId, randomUUID()],
        );
        await sql.query(
          `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content) VALUES (gen_random_uuid(), $1, $2, 'user', '[]')`,
          [conversation, userId],
        );
        await sql.query(
          `INSERT INTO chat_inference.user_rate_limits ("userId", owner, "queryCount", "resetTime") VALUES ($1, $1, 3, now() + interval '1 day')`,
          [userId],
        );
      }
      // Inactive past GUEST_RETENTION_DAYS (default 30): purged by identity's own job.
      await sql.query(
        `UPDATE identity.guest_users SET "createdAt" = now() - interval '40 days', "lastActiveAt" = now() - interval '40 days' WHERE "cognitoUsername" = $1`,
        [guestId],
      );
      expect(await apps().identity.get(PurgeGuests).execute()).toEqual([guestId]);
      await runJobs();
      await waitFor(
        async () =>
          (await count('chat_inference.account_erasures WHERE "userId" = $1', [guestId])) === 1 || undefined,
        { what: "chat-inference took the purged guest's deletion" },
      );

      advance(29 * DAY_MS);
      await runJobs();
      expect(await chats(guestId)).toEqual({ conversations: 1, messages: 1, rateLimits: 1 });
      advance(DAY_MS + HOUR_MS);
      await runJobs();
      expect(await chats(guestId)).toEqual({ conversations: 0, messages: 0, rateLimits: 0 });
      expect(await chats(keptId)).toEqual({ conversations: 1, messages: 1, rateLimits: 1 });
    });
  },
);
