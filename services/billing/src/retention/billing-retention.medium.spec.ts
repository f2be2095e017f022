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
    const plan = new BillingRetention(dataSource, {} as ServiceClient, clock, stripe);
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
});
