import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

declare const transactionBrand: unique symbol;

/**
 * An open database transaction, opaque outside repositories (docs/architecture.md, "Repositories
 * and transactions"). A use case gets one from UnitOfWork.run (the retention job hands one to an
 * account erasure) and only passes it on to repository methods, which run their statements in it
 * (managerOf). Only repositories touch TypeORM or SQL; eslint keeps `typeorm` and `managerOf` out
 * of every other service file.
 */
export interface Transaction {
  readonly [transactionBrand]: 'Transaction';
}

/** The handle of a transaction TypeORM opened (the kit's own code and repositories that open one). */
export function transactionOf(manager: EntityManager): Transaction {
  return manager as unknown as Transaction;
}

/** For repositories only: the TypeORM manager of the transaction a use case handed in. */
export function managerOf(transaction: Transaction): EntityManager {
  return transaction as unknown as EntityManager;
}

/**
 * Runs work that spans several repositories as one transaction of the service's database:
 * committed when `work` resolves, rolled back (and the error rethrown) when it throws. Locks taken
 * through the handle (`SELECT … FOR UPDATE`) are held until then.
 */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(transactionOf(manager)));
  }
}

const UNIQUE_VIOLATION = '23505';

/**
 * A write refused by a unique index (PostgreSQL's 23505), as TypeORM throws it: a use case that
 * lost a race for a unique value (a handle, a TikTok profile) turns it into its own error.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION
  );
}
