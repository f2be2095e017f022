import {
  Clock,
  DAY_MS,
  dataSourceOptions,
  openMigratedDataSource,
  RetentionJob,
  ServiceClient,
} from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { billingDatabase } from '../billing.database';
import { billingService } from '../index';
import type { StripeClient } from '../stripe/stripe.client';
import { BillingRetention } from './billing-retention';
import { BillingRetentionRepository } from './billing-retention.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Billing's retention plan on real PostgreSQL, as the kit's RetentionJob runs it, with its Clock
 * moved: each record goes (or loses its owner) when its term ends, not a day earlier.
 */
describe('BillingRetention (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let clock: Clock;
  let job: RetentionJob;

  const rows = async <T>(sql: string, params: unknown[]): Promise<T[]> =>
    (await dataSource.query(sql, params)) as T[];
  const subscribe = async (fan: string, creatorId: string, at: Date) => {
    const subscriptionId = `sub_${randomUUID().slice(0, 12)}`;
    await dataSource.query(
      `INSERT INTO creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status, "stripeSubscriptionId", "stripeStatus")
       VALUES ($1, $2, $1, $3, $3::timestamptz + interval '30 days', 'active', $4, 'canceled')`,
      [fan, creatorId, at, subscriptionId],
    );
    return subscriptionId;
  };
  const pay = async (fan: string, creatorId: string, subscriptionId: string, paidAt: Date) => {
    const invoiceId = `in_${randomUUID().slice(0, 12)}`;
    await dataSource.query(
      `INSERT INTO subscription_payments ("invoiceId", owner, "creatorId", "stripeSubscriptionId", "amountPaid", "applicationFee", currency, "paidAt")
       VALUES ($1, $2, $3, $4, 1000, 100, 'usd', $5)`,
      [invoiceId, fan, creatorId, subscriptionId, paidAt],
    );
    return invoiceId;
  };
  const paymentOwners = async (invoiceIds: string[]) =>
    rows<{ invoiceId: string; owner: string }>(
      `SELECT "invoiceId", owner FROM subscription_payments WHERE "invoiceId" = ANY($1) ORDER BY "invoiceId"`,
      [invoiceIds],
    );
  const subscriberOf = async (subscriptionId: string) =>
    (
      await rows<{ userId: string }>(
        `SELECT "userId" FROM creator_subscriptions WHERE "stripeSubscriptionId" = $1`,
        [subscriptionId],
      )
    )[0]?.userId;

  beforeAll(async () => {
    database = await createTestDatabase('billing_retention', { migratedFor: [billingService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(billingDatabase, database.url, 2) as Parameters<typeof openMigratedDataSource>[0],
    );
  });
  beforeEach(() => {
    clock = new Clock();
    const stripe = { configured: false } as StripeClient;
    const records = new BillingRetentionRepository(dataSource);
    const plan = new BillingRetention(records, {} as ServiceClient, clock, stripe);
    job = new RetentionJob(plan, DurableSubjects.BillingAccountDeleted, clock, dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it("pseudonymises a deleted fan's payments with their subscriptions, at day 30 and not before", async () => {
    const fan = randomUUID();
    const bystander = randomUUID();
    const [maya, leo] = [randomUUID(), randomUUID()];
    const start = clock.now();
    const toMaya = await subscribe(fan, maya, start);
    const toLeo = await subscribe(fan, leo, start);
    const bystanders = await subscribe(bystander, maya, start);
    const fansPayments = [
      await pay(fan, maya, toMaya, start),
      await pay(fan, maya, toMaya, new Date(start.getTime() + 30 * DAY_MS)),
      await pay(fan, leo, toLeo, start),
    ];
    const bystanderPayment = await pay(bystander, maya, bystanders, start);
    // Paid to a creator whose subscription record is gone already.
    const gone = randomUUID();
    const toGone = [await pay(fan, gone, 'sub_gone', start), await pay(fan, gone, 'sub_gone', start)];

    await job.accountDeleted({ userId: fan, deletedAt: start.toISOString(), wasCreator: false });
    clock.advance(30 * DAY_MS - HOUR_MS);
    await job.run();
    expect((await paymentOwners([...fansPayments, ...toGone])).map((row) => row.owner)).toEqual(
      Array(5).fill(fan),
    );
    expect(await subscriberOf(toMaya)).toBe(fan);

    clock.advance(HOUR_MS + 60_000);
    expect(await job.run()).toMatchObject({
      accountsErased: 1,
      subscriptionsPseudonymised: 2,
      paymentsPseudonymised: 5,
    });
    const mayasId = await subscriberOf(toMaya);
    const leosId = await subscriberOf(toLeo);
    expect([mayasId, leosId]).not.toContain(fan);
    expect(mayasId).not.toBe(leosId);
    // Each payment now carries the random id its subscription got, in the same run.
    const owners = new Map(
      (await paymentOwners(fansPayments)).map(({ invoiceId, owner }) => [invoiceId, owner]),
    );
    expect(fansPayments.map((invoice) => owners.get(invoice))).toEqual([mayasId, mayasId, leosId]);
    const [goneFirst, goneSecond] = (await paymentOwners(toGone)).map((row) => row.owner);
    expect(goneFirst).toBe(goneSecond);
    expect([fan, mayasId, leosId]).not.toContain(goneFirst);
    expect(await rows('SELECT 1 FROM subscription_payments WHERE owner = $1', [fan])).toEqual([]);
    expect((await paymentOwners([bystanderPayment]))[0]!.owner).toBe(bystander);
    expect(await subscriberOf(bystanders)).toBe(bystander);
  });

  describe('tables that would only grow', () => {
    const exists = async (sql: string, id: string) => (await rows(sql, [id])).length === 1;
    const eventKept = (id: string) =>
      exists(`SELECT 1 FROM processed_webhook_events WHERE "eventId" = $1`, id);
    const versionKept = (id: string) =>
      exists(`SELECT 1 FROM stripe_object_versions WHERE "objectId" = $1`, id);
    const paymentKept = (id: string) =>
      exists(`SELECT 1 FROM subscription_payments WHERE "invoiceId" = $1`, id);
    const version = (objectId: string, at: Date) =>
      dataSource.query(
        `INSERT INTO stripe_object_versions ("objectId", "eventCreated", rank) VALUES ($1, $2, 1)`,
        [objectId, at],
      );

    it('removes processed webhook event ids 30 days after they were processed', async () => {
      const start = clock.now();
      const [old, recent] = [`evt_${randomUUID()}`, `evt_${randomUUID()}`];
      await dataSource.query(
        `INSERT INTO processed_webhook_events ("eventId", type, "processedAt") VALUES ($1, 'invoice.paid', $2), ($3, 'invoice.paid', $4)`,
        [old, start, recent, new Date(start.getTime() + DAY_MS)],
      );
      clock.advance(30 * DAY_MS - HOUR_MS);
      await job.run();
      expect([await eventKept(old), await eventKept(recent)]).toEqual([true, true]);
      clock.advance(HOUR_MS + 60_000);
      expect((await job.run()).webhookEvents).toBeGreaterThanOrEqual(1);
      expect([await eventKept(old), await eventKept(recent)]).toEqual([false, true]);
    });

    it('removes the version of a Stripe object nothing refers to any more, 30 days after its last event', async () => {
      const start = clock.now();
      const creatorId = randomUUID();
      const liveAccount = `acct_${randomUUID().slice(0, 12)}`;
      await dataSource.query(`INSERT INTO stripe_accounts ("creatorId", "stripeAccountId") VALUES ($1, $2)`, [
        creatorId,
        liveAccount,
      ]);
      const liveSubscription = await subscribe(randomUUID(), randomUUID(), start);
      // A deleted creator's account and a subscription whose record is gone.
      const [goneAccount, goneSubscription] = [
        `acct_${randomUUID().slice(0, 12)}`,
        `sub_${randomUUID().slice(0, 12)}`,
      ];
      for (const objectId of [liveAccount, liveSubscription, goneAccount, goneSubscription])
        await version(objectId, start);
      const kept = async () =>
        Promise.all([liveAccount, liveSubscription, goneAccount, goneSubscription].map(versionKept));

      clock.advance(30 * DAY_MS - HOUR_MS);
      await job.run();
      expect(await kept()).toEqual([true, true, true, true]);
      clock.advance(HOUR_MS + 60_000);
      expect((await job.run()).objectVersions).toBeGreaterThanOrEqual(2);
      expect(await kept()).toEqual([true, true, false, false]);
    });

    it('removes paid invoices 7 years after they were paid', async () => {
      const start = clock.now();
      const fan = randomUUID();
      const creatorId = randomUUID();
      const old = await pay(fan, creatorId, 'sub_old', start);
      const later = await pay(fan, creatorId, 'sub_old', new Date(start.getTime() + DAY_MS));
      clock.advance(7 * 365 * DAY_MS - HOUR_MS);
      await job.run();
      expect([await paymentKept(old), await paymentKept(later)]).toEqual([true, true]);
      clock.advance(HOUR_MS + 60_000);
      expect((await job.run()).paymentRecordsRemoved).toBeGreaterThanOrEqual(1);
      expect([await paymentKept(old), await paymentKept(later)]).toEqual([false, true]);
    });
  });
});
