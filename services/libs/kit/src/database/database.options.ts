import type { DataSourceOptions, EntitySchema, MixedList } from 'typeorm';

/** What a service declares about its database: its schema, entities and checked-in migrations. */
export interface ServiceDatabase {
  /** The PostgreSQL schema the service owns; no other service touches it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export function dataSourceOptions(
  database: ServiceDatabase,
  url: string,
  poolSize: number,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: database.schema,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    migrationsRun: false,
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension (and no superuser) needed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // Raw SQL in a repository resolves to the service's own schema, never another's.
    extra: { max: poolSize, connectionTimeoutMillis: 5000, options: `-c search_path=${database.schema}` },
  };
}
