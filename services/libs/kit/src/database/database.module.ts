import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BaseConfig } from '../config/service-config';
import { dataSourceOptions, type ServiceDatabase } from './database.options';
import { openMigratedDataSource } from './migrate';
import { UnitOfWork } from './transaction';

/**
 * Gives a service its own PostgreSQL schema, migrated on start, and the UnitOfWork its use cases
 * run multi-repository transactions with (global, like TypeORM's data source).
 */
@Module({})
export class DatabaseModule {
  static forService(database: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [BaseConfig],
          useFactory: (config: BaseConfig) =>
            dataSourceOptions(database, config.DATABASE_URL, config.DATABASE_POOL_SIZE),
          dataSourceFactory: async (options) => {
            if (!options) throw new Error('Missing data source options');
            return openMigratedDataSource(options as Parameters<typeof openMigratedDataSource>[0]);
          },
        }),
      ],
      providers: [UnitOfWork],
      exports: [TypeOrmModule, UnitOfWork],
    };
  }
}
