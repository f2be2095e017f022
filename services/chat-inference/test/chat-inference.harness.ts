import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../src/chat-inference.database';
import { chatInferenceService } from '../src/index';

/** chat-inference's database as the tests of one describe block see it: opened before them, dropped after. */
export interface ChatInferenceDatabaseUnderTest {
  readonly database: TestDatabase;
  readonly dataSource: DataSource;
}

/**
 * A database of its own with chat-inference's schema migrated (copied from a template), and a
 * TypeORM data source of `poolSize` connections on it, opened before the enclosing block's tests
 * (`label` names the database); the data source is destroyed and the database dropped after them.
 */
export function useChatInferenceDatabase(
  label: string,
  { poolSize = 2 }: { poolSize?: number } = {},
): ChatInferenceDatabaseUnderTest {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(label, { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, poolSize) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error(`chat-inference's database (${label}) is open only during its describe block's tests`);
    return value;
  };
  return {
    get database() {
      return opened(database);
    },
    get dataSource() {
      return opened(dataSource);
    },
  };
}
