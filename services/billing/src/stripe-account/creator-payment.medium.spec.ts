import { Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
} from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { billingService } from '../index';

describe('billing.creator-payment.get', () => {
  let database: TestDatabase;
  let services: InProcessServices;

  beforeAll(async () => {
    database = await createTestDatabase('billing-payments', { migratedFor: [billingService] });
    services = await startServicesInProcess([billingService], { DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it("answers each creator's onboarding state, in the order asked, false for creators billing does not know", async () => {
    const onboarded = randomUUID();
    const started = randomUUID();
    const unknown = randomUUID();
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO billing.stripe_accounts ("creatorId", "stripeAccountId", "onboardingComplete")
         VALUES ($1, 'acct_1', true), ($2, 'acct_2', false)`,
        [onboarded, started],
      );
    } finally {
      await sql.end();
    }
    await expect(
      services.client.request(Subjects.BillingCreatorPaymentGet, {
        creatorIds: [unknown, onboarded, started],
      }),
    ).resolves.toEqual({
      payments: [
        { creatorId: unknown, onboardingComplete: false },
        { creatorId: onboarded, onboardingComplete: true },
        { creatorId: started, onboardingComplete: false },
      ],
    });
  });
});
