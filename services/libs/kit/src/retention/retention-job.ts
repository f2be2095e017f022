import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountDeletedPayload } from '@backtalk/proto';
import { DataSource } from 'typeorm';
import { transactionOf } from '../database/transaction';
import { DurableMessageEntity } from '../transport/durable-message.entity';
import { AccountErasureEntity } from './account-erasure.entity';
import { AccountErasures } from './account-erasures';
import { Clock, DAY_MS } from './clock';
import { HourlyRun } from './hourly-run';
import type {
  AccountDeletionPlan,
  AccountDeletedSubject,
  RetentionPlan,
  RetentionStep,
} from './retention-plan';

export const RETENTION_PLAN = Symbol('RETENTION_PLAN');
export const RETENTION_ACCOUNT_DELETED = Symbol('RETENTION_ACCOUNT_DELETED');

/**
 * Dead-lettered durable messages are kept this long for an operator to look into, then go: they
 * are copies of work that failed (a Stripe event with a name and an email, an account deletion),
 * and 90 days leaves three months to notice the error line and replay the message.
 */
const DEAD_LETTER_TERM_MS = 90 * DAY_MS;

/** What one run did: the number of records under each step's (and erasure count's) name. */
export type RetentionRun = Readonly<Record<string, number>>;

/** The result key of the deleted accounts whose erasure was completed. */
const ACCOUNTS_ERASED = 'accountsErased';

/**
 * A service's retention job (docs/retention.md), as RetentionModule.forService gives it: at the
 * service's start and then hourly it erases the deleted accounts that are due, runs the plan's
 * steps and removes dead letters older than DEAD_LETTER_TERM_MS when the schema has a durable
 * queue, reading the time from the Clock, and logs one line per run. A step that fails is
 * logged and the others still run; the run then fails, and the next hour tries again. It also
 * takes the service's `<service>.account.deleted` (through the module's consumer).
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionJob.name);
  private readonly erasures: AccountErasures;
  private readonly steps: readonly RetentionStep[];
  private readonly hourly = new HourlyRun(
    () => this.run(),
    (error) => this.logger.warn(`Retention run failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    @Inject(RETENTION_PLAN) private readonly plan: RetentionPlan,
    @Inject(RETENTION_ACCOUNT_DELETED) subject: AccountDeletedSubject | null,
    private readonly clock: Clock,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.erasures = new AccountErasures(dataSource);
    // Every service whose schema has a durable queue has dead letters to remove.
    this.steps = [
      ...plan.steps,
      ...(dataSource.hasMetadata(DurableMessageEntity) ? [deadLetterStep(dataSource)] : []),
    ];
    assertConsistent(plan, subject, dataSource.hasMetadata(AccountErasureEntity), this.steps);
  }

  /** Identity announced a deletion: the immediate work now, the rest scheduled for its term. */
  async accountDeleted(deleted: AccountDeletedPayload): Promise<void> {
    const deletion = this.plan.accountDeletion;
    const termMs = deletion?.afterTerm?.termMs;
    if (termMs !== undefined) await this.erasures.schedule(deleted, termMs);
    await deletion?.atOnce?.(deleted, async (id) => {
      if (termMs !== undefined) await this.erasures.schedule({ ...deleted, userId: id }, termMs);
    });
  }

  async run(): Promise<RetentionRun> {
    const now = this.clock.now();
    const result: Record<string, number> = {};
    const failed: string[] = [];
    const attempt = async (name: string, work: () => Promise<void>): Promise<void> => {
      try {
        await work();
      } catch (error) {
        failed.push(name);
        this.logger.warn(`Retention step ${name} failed: ${String(error)}`);
      }
    };
    const afterTerm = this.plan.accountDeletion?.afterTerm;
    if (afterTerm) await attempt(ACCOUNTS_ERASED, () => this.eraseDue(now, afterTerm, result));
    for (const step of this.steps)
      await attempt(step.name, async () => {
        result[step.name] = await step.run(now);
      });
    const counts = Object.entries(result).map(([name, records]) => `${name} ${records}`);
    this.logger.log(
      `Retention run at ${now.toISOString()}: ${counts.join(', ')}${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`,
    );
    if (failed.length > 0) throw new Error(`Retention step(s) failed: ${failed.join(', ')}`);
    return result;
  }

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }

  private async eraseDue(
    now: Date,
    afterTerm: NonNullable<AccountDeletionPlan['afterTerm']>,
    result: Record<string, number>,
  ): Promise<void> {
    result[ACCOUNTS_ERASED] = 0;
    for (const name of afterTerm.counts) result[name] = 0;
    for (const { userId: id } of await this.erasures.due(now)) {
      const tally = new Map<string, number>();
      const committed: (() => Promise<void>)[] = [];
      const outcome = await this.erasures.settle(id, (manager) =>
        afterTerm.erase(id, {
          transaction: transactionOf(manager),
          count: (name, records) => tally.set(name, (tally.get(name) ?? 0) + records),
          afterCommit: (work) => committed.push(work),
        }),
      );
      if (outcome === 'erased') result[ACCOUNTS_ERASED] += 1;
      for (const [name, records] of tally) result[name] = (result[name] ?? 0) + records;
      for (const work of committed)
        await work().catch((error: unknown) =>
          this.logger.warn(`Work after erasing ${id} failed: ${String(error)}`),
        );
    }
  }
}

/** Dead letters past DEAD_LETTER_TERM_MS (since they were dead-lettered) in the service's durable queue. */
function deadLetterStep(dataSource: DataSource): RetentionStep {
  return {
    name: 'deadLetters',
    run: async (now) => {
      const [, removed] = (await dataSource.query(
        `DELETE FROM durable_messages WHERE state = 'dead' AND "settledAt" <= $1`,
        [new Date(now.getTime() - DEAD_LETTER_TERM_MS)],
      )) as [unknown, number];
      return removed;
    },
  };
}

function assertConsistent(
  plan: RetentionPlan,
  subject: AccountDeletedSubject | null,
  hasErasureTable: boolean,
  steps: readonly RetentionStep[],
): void {
  if (Boolean(plan.accountDeletion) !== Boolean(subject))
    throw new Error('A retention plan with accountDeletion needs the accountDeleted subject, and only then');
  if (plan.accountDeletion?.afterTerm && !hasErasureTable)
    throw new Error('Erasing after a term needs AccountErasureEntity in the service database');
  const names = [
    ...(plan.accountDeletion?.afterTerm ? [ACCOUNTS_ERASED, ...plan.accountDeletion.afterTerm.counts] : []),
    ...steps.map((step) => step.name),
  ];
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`Retention names used twice: ${twice.join(', ')}`);
}
