import { dataSourceOptions, openMigratedDataSource, transactionOf } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { billingDatabase } from '../billing.database';
import { billingService } from '../index';
import type { OnboardingObservation } from './onboarding-status';
import { StripeAccountEntity } from './stripe-account.entity';
import { StripeAccountRepository } from './stripe-account.repository';

/**
 * Issue 21 item 10: account.updated and the status check write onboardingComplete through one
 * guarded method, so a check that asked Stripe before an account.updated (charges disabled)
 * committed cannot set it back to true.
 */
describe('StripeAccountRepository.recordOnboarding (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let accounts: StripeAccountRepository;
  const T = Math.floor(Date.now() / 1000) * 1000;

  const newAccount = async (onboardingComplete: boolean): Promise<string> => {
    const stripeAccountId = `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await dataSource.query(
      `INSERT INTO stripe_accounts ("creatorId", "stripeAccountId", "onboardingComplete") VALUES ($1, $2, $3)`,
      [randomUUID(), stripeAccountId, onboardingComplete],
    );
    return stripeAccountId;
  };
  const onboardingOf = async (stripeAccountId: string): Promise<boolean> => {
    const [row] = (await dataSource.query(
      `SELECT "onboardingComplete" FROM stripe_accounts WHERE "stripeAccountId" = $1`,
      [stripeAccountId],
    )) as { onboardingComplete: boolean }[];
    return row!.onboardingComplete;
  };
  const observation = (
    stripeAccountId: string,
    source: OnboardingObservation['source'],
    seconds: number,
    complete: boolean,
  ): OnboardingObservation => ({
    stripeAccountId,
    source,
    complete,
    observedAt: new Date(T + seconds * 1000),
  });

  beforeAll(async () => {
    database = await createTestDatabase('billing_onboarding', { migratedFor: [billingService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(billingDatabase, database.url, 4) as Parameters<typeof openMigratedDataSource>[0],
    );
    accounts = new StripeAccountRepository(dataSource.getRepository(StripeAccountEntity));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('keeps charges disabled when a check that asked Stripe earlier writes after the event', async () => {
    const account = await newAccount(false);
    // The check asked Stripe at T (complete); charges were disabled at T + 2 and that event committed first.
    await expect(accounts.recordOnboarding(observation(account, 'event', 2, false))).resolves.toBe(
      'recorded',
    );
    await expect(accounts.recordOnboarding(observation(account, 'status-check', 0, true))).resolves.toBe(
      'stale',
    );
    expect(await onboardingOf(account)).toBe(false);
  });

  it('makes a check wait for an event being applied to the same account, then judges it against it', async () => {
    const account = await newAccount(false);
    let checked: Promise<string> | undefined;
    await dataSource.transaction(async (db) => {
      await accounts.recordOnboarding(observation(account, 'event', 2, false), transactionOf(db));
      checked = accounts.recordOnboarding(observation(account, 'status-check', 0, true));
      const waited = await Promise.race([
        checked,
        new Promise((resolve) => setTimeout(resolve, 300, 'waiting')),
      ]);
      expect(waited).toBe('waiting');
    });
    await expect(checked).resolves.toBe('stale');
    expect(await onboardingOf(account)).toBe(false);
  });

  it('records observations in order, whichever writer made them', async () => {
    const account = await newAccount(false);
    await expect(accounts.recordOnboarding(observation(account, 'status-check', 0, false))).resolves.toBe(
      'recorded',
    );
    await expect(accounts.recordOnboarding(observation(account, 'event', 1, true))).resolves.toBe('recorded');
    expect(await onboardingOf(account)).toBe(true);
    // A late event from before the check changes nothing.
    await expect(accounts.recordOnboarding(observation(account, 'event', -1, false))).resolves.toBe('stale');
    await expect(accounts.recordOnboarding(observation(account, 'status-check', 3, false))).resolves.toBe(
      'recorded',
    );
    expect(await onboardingOf(account)).toBe(false);
  });

  it('answers unknown-account for an account billing has not stored, recording nothing', async () => {
    const account = `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await expect(accounts.recordOnboarding(observation(account, 'event', 0, true))).resolves.toBe(
      'unknown-account',
    );
    expect(
      await dataSource.query(`SELECT 1 FROM stripe_object_versions WHERE "objectId" = $1`, [account]),
    ).toEqual([]);
  });
});
