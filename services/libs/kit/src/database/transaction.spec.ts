import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { isUniqueViolation, managerOf, UnitOfWork } from './transaction';

const queryFailed = (code: string | undefined) =>
  new QueryFailedError('INSERT …', [], Object.assign(new Error('refused'), code ? { code } : {}));

describe('isUniqueViolation', () => {
  it.each([
    ['a unique index refusing the write (23505)', queryFailed('23505'), true],
    ['a foreign key refusing it (23503)', queryFailed('23503'), false],
    ['a failed query without a code', queryFailed(undefined), false],
    ['another error that carries 23505', Object.assign(new Error('x'), { code: '23505' }), false],
    ['a string', '23505', false],
    ['nothing', undefined, false],
  ])('%s: %s', (_case, error, expected) => {
    expect(isUniqueViolation(error)).toBe(expected);
  });
});

describe('UnitOfWork', () => {
  const manager = { name: 'the transaction' } as unknown as EntityManager;
  const dataSource = (transaction: (work: (m: EntityManager) => Promise<unknown>) => Promise<unknown>) =>
    ({ transaction }) as unknown as DataSource;

  it("hands the work the data source's transaction, which repositories unwrap, and answers its result", async () => {
    const unit = new UnitOfWork(dataSource((work) => work(manager)));
    const seen: EntityManager[] = [];
    await expect(
      unit.run((transaction) => {
        seen.push(managerOf(transaction));
        return Promise.resolve('done');
      }),
    ).resolves.toBe('done');
    expect(seen).toEqual([manager]);
  });

  it("passes the work's error on (the data source rolls back)", async () => {
    const unit = new UnitOfWork(dataSource((work) => work(manager)));
    await expect(unit.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });
});
