import type { AccountDeletedPayload, accountDeletedSubjects } from '@backtalk/proto';
import type { Transaction } from '../database/transaction';

/** A service's durable `<service>.account.deleted` subject. */
export type AccountDeletedSubject = (typeof accountDeletedSubjects)[number];

/**
 * One kind of record a service's retention job removes (or pseudonymises) when its term ends
 * (docs/retention.md). `name` keys the run's result and its log line; `run` does what is due at
 * `now` (the Clock's time) and answers how many records it changed. Running it again at the same
 * `now`, or on a second replica, changes nothing more.
 */
export interface RetentionStep {
  name: string;
  run(now: Date): Promise<number>;
}

/** What an account erasure's work sees: the transaction that holds the erasure, and the run's tally. */
export interface ErasureContext {
  /** Handed to the service's repositories, whose statements then belong to the erasure. */
  transaction: Transaction;
  /** Adds to the run's count under `name` (records erased, pseudonymised). */
  count(name: string, records: number): void;
  /** Work once the transaction committed (an event telling another service). */
  afterCommit(work: () => Promise<void>): void;
}

/**
 * What a service does when identity announces an account deletion. `atOnce` runs when the
 * durable message arrives (credentials go, charges stop); it may name further ids whose records go
 * with the user's (a creator's id) through `alsoErase`. `afterTerm` is the rest: the kit stores an
 * erasure due `termMs` after the deletion (`account_erasures`) and, once due, runs `erase` in the
 * transaction that holds and then removes it; `'next-run'` keeps it for the next run.
 */
export interface AccountDeletionPlan {
  atOnce?(deleted: AccountDeletedPayload, alsoErase: (id: string) => Promise<void>): Promise<void>;
  afterTerm?: {
    termMs: number;
    /** The names `erase` counts under, reported as 0 in a run that erased nothing. */
    counts: readonly string[];
    erase(id: string, context: ErasureContext): Promise<'erased' | 'next-run'>;
  };
}

/**
 * A service's retention, as the kit's RetentionJob runs it: the account-deletion work (for a
 * service that `RetentionModule.forService` gives an `accountDeleted` subject) and the steps.
 * Dead-lettered durable messages are a step the kit adds to every service whose schema has them.
 */
export interface RetentionPlan {
  accountDeletion?: AccountDeletionPlan;
  steps: readonly RetentionStep[];
}
