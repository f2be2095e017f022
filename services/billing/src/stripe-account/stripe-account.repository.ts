import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction, transactionOf } from '@backtalk/kit';
import { In, Repository } from 'typeorm';
import { storedVersionOf, storeVersion } from '../webhook-event/object-version.repository';
import {
  type OnboardingObservation,
  type OnboardingRecorded,
  onboardingRecordOf,
  versionOf,
} from './onboarding-status';
import { StripeAccountEntity } from './stripe-account.entity';

/** Creators' payment accounts; public facts about a creator, so reads take the creator's id. */
@Injectable()
export class StripeAccountRepository {
  constructor(
    @InjectRepository(StripeAccountEntity) private readonly accounts: Repository<StripeAccountEntity>,
  ) {}

  findByCreators(creatorIds: string[]): Promise<StripeAccountEntity[]> {
    return this.accounts.findBy({ creatorId: In(creatorIds) });
  }

  findByCreator(creatorId: string): Promise<StripeAccountEntity | null> {
    return this.accounts.findOneBy({ creatorId });
  }

  findByStripeAccount(stripeAccountId: string): Promise<StripeAccountEntity | null> {
    return this.accounts.findOneBy({ stripeAccountId });
  }

  /**
   * Stores the creator's account unless they already have one, and answers the one that is
   * stored: two 'Start Earning' clicks at once leave one account (Stripe's idempotency key
   * makes both creates return the same id anyway). A demo creator's test-mode account is stored
   * as onboarded (spec §4: a demo account's onboarding is complete).
   */
  async saveFirst(
    creatorId: string,
    stripeAccountId: string,
    { onboardingComplete = false } = {},
  ): Promise<StripeAccountEntity> {
    await this.accounts
      .createQueryBuilder()
      .insert()
      .values({ creatorId, stripeAccountId, onboardingComplete })
      .orIgnore()
      .execute();
    return this.accounts.findOneByOrFail({ creatorId });
  }

  /**
   * The one writer of onboardingComplete (spec §4), for `account.updated` and the status check
   * alike: records the observation unless one of a later moment is recorded already
   * (onboarding-status.ts). Holds the account's row lock while it compares, so two
   * observations of one account never interleave. In the caller's transaction, or its own.
   */
  async recordOnboarding(
    observation: OnboardingObservation,
    transaction?: Transaction,
  ): Promise<OnboardingRecorded> {
    if (!transaction)
      return this.accounts.manager.transaction((own) =>
        this.recordOnboarding(observation, transactionOf(own)),
      );
    const db = managerOf(transaction);
    const { stripeAccountId, complete } = observation;
    const known = (await db.query(
      `SELECT "creatorId" FROM stripe_accounts WHERE "stripeAccountId" = $1 FOR UPDATE`,
      [stripeAccountId],
    )) as unknown[];
    const recorded = onboardingRecordOf(
      { accountKnown: known.length > 0, version: await storedVersionOf(db, stripeAccountId) },
      observation,
    );
    if (recorded !== 'recorded') return recorded;
    await storeVersion(db, stripeAccountId, versionOf(observation));
    await db.query(`UPDATE stripe_accounts SET "onboardingComplete" = $2 WHERE "stripeAccountId" = $1`, [
      stripeAccountId,
      complete,
    ]);
    return recorded;
  }
}
