import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService, DigestScheduler } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { identityService } from '@backtalk/identity';
import type { ServiceDefinition } from '@backtalk/kit';
import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import {
  type FakeChatServer,
  type InProcessServices,
  startFakeChatServer,
  startServicesInProcess,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(180_000);

const DAY = 24 * 60 * 60 * 1000;
const SUBJECT = 'Your Backtalk week:%';

/**
 * The weekly digest (issue 23 item 6; docs/creators.md, "Weekly digest"): two creators replicas on
 * one database and bus, each ticking with a moved clock, twice, then a restarted replica — every
 * creator with the digest on gets exactly one email per week, composed from billing's and
 * chat-inference's figures and sent through identity's outbox; the unsubscribe link turns it off.
 */
describe('weekly digest: once per creator per week across replicas, ticks and restarts', () => {
  let database: TestDatabase;
  let model: FakeChatServer;
  let platform: InProcessServices;
  let replica: InProcessServices;
  let sql: Client;
  const env = (url: string, modelUrl: string) => ({
    DATABASE_URL: url,
    DIGEST_CHECK_MINUTES: '0',
    PUBLIC_URL: 'https://backtalk.example',
    DURABLE_RETRY_BASE_MS: '50',
    LLM_PROVIDER: 'openai',
    LLM_MODEL: 'scripted',
    LLM_BASE_URL: modelUrl,
    OPENAI_API_KEY: 'sk-test-digest',
    MODERATION_PROVIDER: 'none',
  });
  const creators: Record<'rio' | 'dez' | 'quiet', { creatorId: string; userId: string; email: string }> =
    {} as never;

  const schedulerOf = (services: InProcessServices): DigestScheduler => {
    for (const app of services.apps) {
      try {
        return app.get(DigestScheduler, { strict: false });
      } catch {
        // another service's app
      }
    }
    throw new Error('no creators app');
  };
  const digestsTo = async (email: string): Promise<string[]> =>
    (
      await sql.query(
        `SELECT text FROM identity.outbox_messages WHERE "to" = $1 AND subject LIKE $2 ORDER BY "createdAt"`,
        [email, SUBJECT],
      )
    ).rows.map((row: { text: string }) => row.text);
  const settled = (weekStart: Date, count: number) =>
    waitFor(
      async () => {
        const { rows } = await sql.query(
          `SELECT count(*)::int AS n FROM creators.digest_sends WHERE "weekStart" = $1`,
          [weekStart],
        );
        const pending = await sql.query(
          `SELECT state, "lastError" FROM creators.durable_messages
            WHERE state <> 'acked' AND subject = 'creators.weekly-digest.requested'`,
        );
        if (rows[0].n === count && pending.rows.length === 0) return true;
        throw new Error(`${rows[0].n} recorded; not acked: ${JSON.stringify(pending.rows)}`);
      },
      { timeoutMs: 30_000, what: `${count} digests of ${weekStart.toISOString()} recorded` },
    );

  /** A confirmed account (identity's own sign-up and code) with a creator record (creators' table). */
  async function creatorAccount(name: string, nickName: string) {
    const email = `${name}.${randomUUID().slice(0, 8)}@example.com`;
    const client = { ip: '203.0.113.7' };
    await platform.client.request(Subjects.IdentityAccountSignUp, {
      email,
      password: 'Correct-Horse-9',
      client,
    });
    const code = await waitFor(async () => {
      const { rows } = await sql.query(
        `SELECT text FROM identity.outbox_messages WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
        [email],
      );
      return (rows[0]?.text as string | undefined)?.match(/Your code is (\d{6})/)?.[1];
    });
    await platform.client.request(Subjects.IdentityAccountConfirmSignUp, { email, code, client });
    const userId = (await sql.query('SELECT id FROM identity.users WHERE email = $1', [email])).rows[0].id;
    const creatorId = randomUUID();
    await sql.query(
      `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle, "nickName", "createdAt")
       VALUES ($1, $2, $2, $3, $4, $5, now() - interval '30 days')`,
      [creatorId, userId, `https://www.tiktok.com/@${name}`, `${name}.${creatorId.slice(0, 6)}`, nickName],
    );
    return { creatorId, userId, email };
  }

  beforeAll(async () => {
    model = await startFakeChatServer(() => 'Hello!');
    database = await createSystemTestDatabase('weekly_digest');
    platform = await startServicesInProcess(
      [
        identityService,
        creatorsService,
        billingService,
        featureFlagsService,
        chatInferenceService,
      ] as ServiceDefinition[],
      env(database.url, model.url),
    );
    replica = await startServicesInProcess([creatorsService], env(database.url, model.url));
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    creators.rio = await creatorAccount('rio', 'Rio Moves');
    creators.dez = await creatorAccount('dez', 'Dez Looks Up');
    creators.quiet = await creatorAccount('quiet', 'Quiet One');
    const quiet: Actor = { userId: creators.quiet.userId, userType: 'authenticated', groups: [] };
    await expect(
      platform.client.request(Subjects.CreatorsDigestSettingSet, { actor: quiet, weeklyDigest: false }),
    ).resolves.toEqual({ weeklyDigest: false });
  });
  afterAll(async () => {
    await sql?.end();
    await replica?.close();
    await platform?.close();
    await database?.drop();
    await model?.close();
  });

  // A Wednesday well after the creators were made; its digest reports the week before.
  const wednesday = new Date(Date.UTC(2031, 0, 8, 9, 30));
  const reportedWeek = new Date(Date.UTC(2030, 11, 30));
  const nextWeek = new Date(reportedWeek.getTime() + 7 * DAY);

  it('two replicas ticking twice in the same week send each creator one digest with the week’s figures', async () => {
    // Rio: a fan subscribed in the reported week and paid $10.00 (the creator's share $9.00).
    const fan = randomUUID();
    const paidAt = new Date(reportedWeek.getTime() + 2 * DAY);
    await sql.query(
      `INSERT INTO billing.creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status, "stripeSubscriptionId")
       VALUES ($1, $2, $1, $3, $4, 'active', 'sub_digest')`,
      [fan, creators.rio.creatorId, paidAt, new Date(paidAt.getTime() + 31 * DAY)],
    );
    await sql.query(
      `INSERT INTO billing.subscription_payments ("invoiceId", owner, "creatorId", "stripeSubscriptionId", "amountPaid", "applicationFee", currency, "paidAt")
       VALUES ('in_digest', $1, $2, 'sub_digest', 1000, 100, 'usd', $3)`,
      [fan, creators.rio.creatorId, paidAt],
    );

    const [a, b] = [schedulerOf(platform), schedulerOf(replica)];
    const later = new Date(wednesday.getTime() + 2 * 60 * 60 * 1000);
    const queued = await Promise.all([a.tick(wednesday), b.tick(wednesday), a.tick(later), b.tick(later)]);
    expect(Math.max(...queued)).toBeGreaterThanOrEqual(2);
    await settled(reportedWeek, 2);

    const [rio] = await digestsTo(creators.rio.email).then((texts) => {
      expect(texts).toHaveLength(1);
      return texts;
    });
    expect(rio).toContain(
      'Hi Rio Moves, here is your Backtalk week: December 30, 2030 – January 5, 2031 (UTC).',
    );
    expect(rio).toContain('- New subscribers: 1');
    expect(rio).toContain('- Your share after the platform fee: $9.00');
    expect(rio).toContain('https://backtalk.example/digest/unsubscribe?token=');
    expect(await digestsTo(creators.dez.email)).toHaveLength(1);
    expect(await digestsTo(creators.quiet.email)).toHaveLength(0);

    // Ticks later in the week find nothing due.
    await expect(b.tick(new Date(wednesday.getTime() + 3 * DAY))).resolves.toBe(0);
  });

  it('after a restart the week is still sent once; a week later each creator gets the next one', async () => {
    await replica.close();
    replica = await startServicesInProcess([creatorsService], env(database.url, model.url));
    await expect(schedulerOf(replica).tick(new Date(wednesday.getTime() + 4 * DAY))).resolves.toBe(0);
    expect(await digestsTo(creators.rio.email)).toHaveLength(1);

    const weekLater = new Date(wednesday.getTime() + 7 * DAY);
    await Promise.all([schedulerOf(replica).tick(weekLater), schedulerOf(platform).tick(weekLater)]);
    await settled(nextWeek, 2);
    expect(await digestsTo(creators.rio.email)).toHaveLength(2);
    expect(await digestsTo(creators.dez.email)).toHaveLength(2);
    expect(await digestsTo(creators.quiet.email)).toHaveLength(0);
  });

  it('the unsubscribe link turns the digest off without signing in; a forged one changes nothing', async () => {
    const [text] = await digestsTo(creators.dez.email);
    const token = text!.match(/unsubscribe\?token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/)![1]!;
    const [id, signature] = token.split('.') as [string, string];
    const forged = `${Buffer.from(creators.rio.creatorId).toString('base64url')}.${signature}`;
    await expect(
      platform.client.request(Subjects.CreatorsDigestUnsubscribe, { token: forged }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    await expect(
      platform.client.request(Subjects.CreatorsDigestUnsubscribe, { token: `${id}.${signature}` }),
    ).resolves.toEqual({ weeklyDigest: false });
    const dez: Actor = { userId: creators.dez.userId, userType: 'authenticated', groups: [] };
    const rio: Actor = { userId: creators.rio.userId, userType: 'authenticated', groups: [] };
    await expect(platform.client.request(Subjects.CreatorsDigestSettingGet, { actor: dez })).resolves.toEqual(
      {
        weeklyDigest: false,
      },
    );
    await expect(platform.client.request(Subjects.CreatorsDigestSettingGet, { actor: rio })).resolves.toEqual(
      {
        weeklyDigest: true,
      },
    );

    const twoWeeksLater = new Date(wednesday.getTime() + 14 * DAY);
    await schedulerOf(platform).tick(twoWeeksLater);
    await settled(new Date(nextWeek.getTime() + 7 * DAY), 1);
    expect(await digestsTo(creators.dez.email)).toHaveLength(2);
    expect(await digestsTo(creators.rio.email)).toHaveLength(3);
  });
});
