import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { DEFAULT_SUBSCRIPTION_PRICE_CENTS } from '@backtalk/proto';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { billingDatabase } from '../billing.database';
import { billingService } from '../index';
import { CreatorSubscriptionEntity } from './creator-subscription.entity';
import { CreatorSubscriptionRepository } from './creator-subscription.repository';

/** The fans' subscriptions list (docs/billing.md, "My subscriptions"): rows, prices and payments joined. */
describe('CreatorSubscriptionRepository.findByUser (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let subscriptions: CreatorSubscriptionRepository;

  const subscribe = (userId: string, creatorId: string, startDate: string, stripeSubscriptionId: string) =>
    dataSource.query(
      `INSERT INTO creator_subscriptions ("userId", "creatorId", owner, "startDate", "endDate", status, "stripeSubscriptionId", "stripeStatus", "canceledAt")
       VALUES ($1, $2, $1, $3, $3::timestamptz + interval '1 month', 'active', $4, 'active', NULL)`,
      [userId, creatorId, startDate, stripeSubscriptionId],
    );
  const pay = (
    owner: string,
    creatorId: string,
    stripeSubscriptionId: string,
    amount: number,
    paidAt: string,
  ) =>
    dataSource.query(
      `INSERT INTO subscription_payments ("invoiceId", owner, "creatorId", "stripeSubscriptionId", "amountPaid", "applicationFee", currency, "paidAt")
       VALUES ($1, $2, $3, $4, $5, 0, 'usd', $6)`,
      [`in_${randomUUID()}`, owner, creatorId, stripeSubscriptionId, amount, paidAt],
    );

  beforeAll(async () => {
    database = await createTestDatabase('billing_subscription_list', { migratedFor: [billingService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(billingDatabase, database.url, 4) as Parameters<typeof openMigratedDataSource>[0],
    );
    subscriptions = new CreatorSubscriptionRepository(dataSource.getRepository(CreatorSubscriptionEntity));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it("lists only the fan's own, newest first, each with its latest payment or the creator's price", async () => {
    const fan = randomUUID();
    const other = randomUUID();
    const [paid, priced, unpriced] = [randomUUID(), randomUUID(), randomUUID()];
    await dataSource.query(
      `INSERT INTO creator_prices ("creatorId", price_per_subscription) VALUES ($1, 1500), ($2, 2500)`,
      [paid, priced],
    );
    await subscribe(fan, paid, '2026-01-01T00:00:00Z', 'sub_paid');
    await subscribe(fan, priced, '2026-03-01T00:00:00Z', 'sub_priced');
    await subscribe(fan, unpriced, '2026-02-01T00:00:00Z', 'sub_unpriced');
    // The latest payment of that subscription wins over an older one and over the creator's price.
    await pay(fan, paid, 'sub_paid', 900, '2026-01-01T00:00:00Z');
    await pay(fan, paid, 'sub_paid', 1200, '2026-02-01T00:00:00Z');
    // Another fan's subscription and payment to the same creator are not the fan's.
    await subscribe(other, paid, '2026-04-01T00:00:00Z', 'sub_other');
    await pay(other, paid, 'sub_other', 5000, '2026-04-01T00:00:00Z');

    const rows = await subscriptions.findByUser(fan);
    expect(
      rows.map(({ creatorId, lastPayment, creatorPrice }) => ({ creatorId, lastPayment, creatorPrice })),
    ).toEqual([
      { creatorId: priced, lastPayment: null, creatorPrice: 2500 },
      { creatorId: unpriced, lastPayment: null, creatorPrice: DEFAULT_SUBSCRIPTION_PRICE_CENTS },
      { creatorId: paid, lastPayment: { amount: 1200, currency: 'usd' }, creatorPrice: 1500 },
    ]);
    expect(rows[0]).toMatchObject({
      status: 'active',
      stripeStatus: 'active',
      canceledAt: null,
      startDate: new Date('2026-03-01T00:00:00Z'),
      endDate: new Date('2026-04-01T00:00:00Z'),
    });
    expect(await subscriptions.findByUser(randomUUID())).toEqual([]);
  });
});
