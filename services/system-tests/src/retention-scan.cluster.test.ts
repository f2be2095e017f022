import {
  describeNeeding,
  SoftwareAuthenticator,
  startStripeMock,
  stripeMockProblem,
  type StripeMock,
  testNatsUrl,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

import { verifyFixtureCreator } from './creator-pipeline.fixtures';
import { gatewayHttp, outboxCode, outboxOverHttp, signUpAccount } from './gateway-http';
import { repoRoot, type RunningCluster, startCluster, waitUntilAnswering } from './processes';
import { createSystemTestDatabase } from './service-databases';
import { deliver, sign, stripeEvent, subscriptionObjects, webhookSecret } from './stripe-events';

jest.setTimeout(600_000);

const PASSWORD = 'Correct-Horse-9';
/** The services with a retention plan: each runs it at start, at its Clock's time. */
const RETAINING = ['identity', 'creators', 'ingestion', 'chat-inference', 'billing'];

/**
 * What may still name a deleted account after every term but the bookkeeping one
 * (docs/retention.md, "What a deleted account leaves"): billing's payment records, kept 7 years,
 * keep the creator they paid — a creator's revenue must stay countable for the tax period — with
 * the fan's id replaced by a random one. Nothing else, in any table of any schema.
 */
const ALLOWED = ['billing.creator_subscriptions.creatorId', 'billing.subscription_payments.creatorId'];

/**
 * The promise of the legal pages (spec §9) across the whole platform, every service its own process
 * on JetStream (docs/retention.md): a creator with posts, covers, captions, prompt versions, a
 * price, a Stripe account, subscribers and payments, and a fan with chats, sessions, a passkey and
 * a subscription delete their accounts; the processes are restarted with their clocks past each
 * term (31, 61 and 91 days; not the 7-year bookkeeping term), each runs its retention at start,
 * and then every column of every table of every schema, and every object-storage key and object,
 * is searched for the two user ids, the creator id, both emails and the handle.
 */
describeNeeding('stripe-mock', stripeMockProblem())(
  'account deletion in cluster mode: nothing of the deleted accounts is left after the terms',
  () => {
    const prefix = `test${randomBytes(4).toString('hex')}.`;
    let mock: StripeMock;
    let database: TestDatabase;
    let cluster: RunningCluster;
    let fixtures: string;
    let objects: string;
    let sql: Client;
    const call = gatewayHttp(() => cluster.gatewayUrl);
    // Passkeys belong to the relying party `localhost`: a browser uses them only on that host.
    const callOnLocalhost = gatewayHttp(() => cluster.gatewayUrl.replace('127.0.0.1', 'localhost'));
    const codeFor = outboxCode(outboxOverHttp(call));

    beforeAll(async () => {
      mock = await startStripeMock();
      fixtures = mkdtempSync(path.join(os.tmpdir(), 'backtalk-scan-fixtures-'));
      objects = mkdtempSync(path.join(os.tmpdir(), 'backtalk-scan-objects-'));
      database = await createSystemTestDatabase('retention_scan');
      cluster = await startCluster({
        DATABASE_URL: database.url,
        NATS_URL: testNatsUrl(),
        NATS_SUBJECT_PREFIX: prefix,
        // The retention jobs' "Retention run at …" lines are at info.
        LOG_LEVEL: 'info',
        CONTENT_FIXTURES_DIR: fixtures,
        OBJECT_STORAGE_DIR: objects,
        LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
        LLM_THREADS: '1',
        LLM_MAX_TOKENS: '16',
        ESSENCE_MAX_TOKENS: '32',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        DURABLE_ACK_WAIT_MS: '5000',
        DURABLE_RETRY_BASE_MS: '200',
        ...mock.env,
      });
      await waitUntilAnswering(cluster, 120_000);
      sql = new Client({ connectionString: database.url });
      await sql.connect();
    });

    afterAll(async () => {
      await sql?.end();
      await cluster?.stop();
      await database?.drop();
      await mock?.close();
      rmSync(fixtures, { recursive: true, force: true });
      rmSync(objects, { recursive: true, force: true });
    });

    const count = async (query: string, params: unknown[]) =>
      Number((await sql.query(`SELECT count(*)::int AS n FROM ${query}`, params)).rows[0].n);
    const webhook = async (type: string, object: Record<string, unknown>) => {
      const answer = await deliver(cluster.gatewayUrl, sign(stripeEvent(type, now(), object)));
      expect(answer.status).toBe(200);
    };

    it('leaves only the pseudonymised bookkeeping rows, in no other table, column or object', async () => {
      // The creator: verified through the fixture content provider, initialised (posts, covers,
      // captions, embeddings, the persona's essence by the local model), a prompt edited twice,
      // a price, a Stripe Connect account whose onboarding Stripe reports complete.
      const creatorEmail = `scan-creator-${randomBytes(4).toString('hex')}@example.com`;
      const creator = await signUpAccount(call, creatorEmail, PASSWORD, codeFor);
      const { handle, creatorId } = await verifyFixtureCreator(call, fixtures, creator, 3);
      expect((await call('/api/creator/init', { method: 'POST', token: creator.token })).status).toBe(200);
      await waitFor(
        async () =>
          (await call('/api/creator/init', { token: creator.token })).body.state === 'completed' || undefined,
        { timeoutMs: 180_000, intervalMs: 500, what: "the creator's initialisation to complete" },
      ).catch(withOutput);
      for (const creatorPrompt of ['Speak about glazes.', 'Speak about kilns and glazes.'])
        expect(
          (
            await call('/api/creator/prompt', {
              method: 'PUT',
              body: { creatorPrompt },
              token: creator.token,
            })
          ).status,
        ).toBe(200);
      expect(
        (
          await call('/api/billing/price', {
            method: 'PUT',
            body: { pricePerSubscription: 900 },
            token: creator.token,
          })
        ).status,
      ).toBe(200);
      const onboarding = await call('/api/billing/onboarding', { method: 'POST', token: creator.token });
      expect(onboarding.status).toBe(200);
      await webhook('account.updated', {
        id: onboarding.body.accountId,
        object: 'account',
        type: 'express',
        charges_enabled: true,
        details_submitted: true,
      });
      await waitFor(
        async () =>
          (await call('/api/billing/onboarding', { token: creator.token })).body.status === 'complete' ||
          undefined,
        { what: "Stripe's account.updated to complete the onboarding" },
      );

      // The fan: a second session, a passkey, a chat with a real reply, a subscription with a
      // paid invoice (Checkout at stripe-mock, then Stripe's events).
      const fanEmail = `scan-fan-${randomBytes(4).toString('hex')}@example.com`;
      const fan = await signUpAccount(call, fanEmail, PASSWORD, codeFor);
      expect(
        (await call('/api/auth/sign-in', { body: { email: fanEmail, password: PASSWORD } })).status,
      ).toBe(200);
      const authenticator = new SoftwareAuthenticator();
      const options = await callOnLocalhost('/api/auth/passkeys/registration/options', {
        body: {},
        token: fan.token,
      });
      expect(options.status).toBe(200);
      const { response } = authenticator.register(
        options.body.options,
        cluster.gatewayUrl.replace('127.0.0.1', 'localhost'),
      );
      expect(
        (
          await callOnLocalhost('/api/auth/passkeys/registration/verify', {
            body: { response },
            token: fan.token,
          })
        ).status,
      ).toBe(200);
      const conversation = await call('/api/conversations', { body: { creatorId }, token: fan.token });
      expect(conversation.status).toBe(201);
      const sent = await fetch(`${cluster.gatewayUrl}/api/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fan.token}` },
        body: JSON.stringify({ content: [{ text: `Hello ${handle}, I am ${fanEmail}` }] }),
      });
      expect(await sent.text()).toMatch(/"stopReason":"(end_turn|max_tokens)"/);
      expect((await call('/api/billing/checkout', { body: { creatorId }, token: fan.token })).status).toBe(
        200,
      );
      await subscribe(fan.userId, creatorId);
      // A fan who stays subscribes too: the creator's revenue is two subscribers' payments.
      const staying = await signUpAccount(
        call,
        `scan-stays-${randomBytes(4).toString('hex')}@example.com`,
        PASSWORD,
        codeFor,
      );
      await subscribe(staying.userId, creatorId);
      await waitFor(
        async () =>
          (await count('billing.subscription_payments WHERE "creatorId" = $1', [creatorId])) === 2 ||
          undefined,
        { what: 'both paid invoices to be recorded' },
      );

      const needles = {
        'fan user id': fan.userId,
        'creator user id': creator.userId,
        'creator id': creatorId,
        "fan's email": fanEmail,
        "creator's email": creatorEmail,
        handle,
      };
      // The scan finds what is there: before the deletion, the accounts are all over the platform.
      const before = await scanDatabase(sql, Object.values(needles));
      expect(before.map((hit) => hit.column)).toEqual(
        expect.arrayContaining([
          'identity.users.email',
          'identity.passkeys.userId',
          'identity.sessions.userId',
          'creators.creators.handle',
          'creators.posts.creatorId',
          'creators.creator_prompt_versions.creatorId',
          'ingestion.media_objects.creatorId',
          'chat_inference.messages.owner',
          'billing.stripe_accounts.creatorId',
          'billing.creator_prices.creatorId',
          'billing.stripe_customers.userId',
          'billing.creator_subscriptions.userId',
          'billing.subscription_payments.owner',
        ]),
      );
      expect(scanObjects(objects, [creatorId, handle]).length).toBeGreaterThan(0);

      for (const user of [fan, creator])
        expect(
          await call('/api/auth/account/delete', {
            token: user.token,
            body: { confirm: 'DELETE', password: PASSWORD },
          }),
        ).toMatchObject({ status: 200, body: { deleted: true } });
      for (const [schema, id] of [
        ['chat_inference', fan.userId],
        ['creators', creator.userId],
        ['billing', fan.userId],
        ['billing', creatorId],
      ] as const)
        await waitFor(
          async () =>
            (await count(`${schema}.account_erasures WHERE "userId" = $1`, [id])) === 1 || undefined,
          { timeoutMs: 30_000, what: `${schema} to schedule the erasure of ${id}` },
        );

      // Past the content term (30 days), the account-data term (60) and the deleted-content term
      // (90): the processes start again with their clocks moved, and each runs its retention.
      for (const days of [31, 61, 91]) await restartAt(days);
      // Work the last runs started (the posts' removal from the index, Stripe's cancellations)
      // settles; then nothing but ALLOWED may name the deleted accounts.
      const found = await waitFor(
        async () => {
          const hits = (await scanDatabase(sql, Object.values(needles))).filter(
            (hit) => !ALLOWED.includes(hit.column),
          );
          const keys = scanObjects(objects, Object.values(needles));
          return hits.length === 0 && keys.length === 0 ? { hits, keys } : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 2000, what: 'nothing but the bookkeeping rows to be left' },
      ).catch(async () => ({
        hits: (await scanDatabase(sql, Object.values(needles))).filter(
          (hit) => !ALLOWED.includes(hit.column),
        ),
        keys: scanObjects(objects, Object.values(needles)),
      }));
      expect(found).toEqual({ hits: [], keys: [] });

      // What is left is the bookkeeping, pseudonymised: the creator's two subscriptions and
      // payments, none under the fan's id (the scan above found no user id anywhere).
      const left = await scanDatabase(sql, Object.values(needles));
      expect(left.map((hit) => `${hit.column} ${hit.rows} ${hit.matched}`).sort()).toEqual([
        `billing.creator_subscriptions.creatorId 2 ${creatorId}`,
        `billing.subscription_payments.creatorId 2 ${creatorId}`,
      ]);
      // The fan who stayed keeps their subscription.
      expect(await count('billing.creator_subscriptions WHERE "userId" = $1', [staying.userId])).toBe(1);
    });

    /** Checkout's outcome as Stripe reports it: the subscription, active, and its paid invoice. */
    async function subscribe(userId: string, creatorId: string): Promise<void> {
      const { checkout, subscription, invoice } = subscriptionObjects({ userId, creatorId }, now(), 900);
      await webhook('checkout.session.completed', checkout);
      await webhook('customer.subscription.created', subscription('active', null));
      await webhook('invoice.paid', invoice);
    }

    /** Stops every process with a retention plan and starts it again `days` ahead; waits for its run. */
    async function restartAt(days: number): Promise<void> {
      const from = cluster.output.length;
      await Promise.all(RETAINING.map((name) => cluster.supervisor.kill(name, 'SIGTERM')));
      for (const name of RETAINING) cluster.start(name, { CLOCK_OFFSET_DAYS: String(days) });
      const due = Date.now() + (days - 1) * 24 * 3600 * 1000;
      await waitFor(
        () => {
          const ran = new Set<string>();
          for (const line of cluster.output.slice(from)) {
            const run = /^\[([\w-]+)\].*Retention run at (\S+Z):/.exec(line);
            if (run && Date.parse(run[2]!) >= due) ran.add(run[1]!);
          }
          return Promise.resolve(RETAINING.every((name) => ran.has(name)) || undefined);
        },
        { timeoutMs: 120_000, intervalMs: 250, what: `every service's retention run at day ${days}` },
      ).catch(withOutput);
      await waitUntilAnswering(cluster, 60_000);
    }

    function withOutput(error: Error): never {
      throw new Error(`${error.message}\n${cluster.output.slice(-60).join('\n')}`);
    }
  },
);

const now = (): number => Math.floor(Date.now() / 1000);

interface Hit {
  /** `schema.table.column` */
  column: string;
  rows: number;
  /** The needle one of the rows contains. */
  matched: string;
}

/**
 * Every column of every table of every schema (read from the catalog, so a table added later is
 * searched too), cast to text — jsonb, arrays and enums included — searched for the needles.
 */
async function scanDatabase(sql: Client, needles: string[]): Promise<Hit[]> {
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const tables = await sql.query<{ schema: string; table: string; columns: string[] }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
     GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const hits: Hit[] = [];
  for (const { schema, table, columns } of tables.rows) {
    const from = `${quote(schema)}.${quote(table)}`;
    const counts = await sql.query<Record<string, number>>(
      `SELECT ${columns
        .map(
          (column, index) => `count(*) FILTER (WHERE ${quote(column)}::text ILIKE ANY($1))::int AS c${index}`,
        )
        .join(', ')} FROM ${from}`,
      [patterns],
    );
    for (const [index, column] of columns.entries()) {
      const rows = counts.rows[0]![`c${index}`]!;
      if (rows === 0) continue;
      const sample = await sql.query<{ value: string }>(
        `SELECT ${quote(column)}::text AS value FROM ${from} WHERE ${quote(column)}::text ILIKE ANY($1) LIMIT 1`,
        [patterns],
      );
      const value = sample.rows[0]!.value.toLowerCase();
      hits.push({
        column: `${schema}.${table}.${column}`,
        rows,
        matched: needles.find((needle) => value.includes(needle.toLowerCase())) ?? value,
      });
    }
  }
  return hits;
}

/** Object-storage keys (paths under the folder) and objects whose name or content holds a needle. */
function scanObjects(folder: string, needles: string[]): string[] {
  const lower = needles.map((needle) => needle.toLowerCase());
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const text = `${path.relative(folder, file)}\n${readFileSync(file, 'latin1')}`.toLowerCase();
      return lower.some((needle) => text.includes(needle));
    })
    .map((file) => path.relative(folder, file));
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;
