import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { configSubjectFor, type Subject } from '@backtalk/proto';
import type { z } from 'zod';
import { ConfigModule, type ServiceConfigClass } from '../config/config.module';
import { baseConfigSchema } from '../config/config.schema';
import { createConfigShowRpcController } from '../config/config-show.controller';
import { loadConfig } from '../config/load-config';
import { DatabaseModule } from '../database/database.module';
import type { ServiceDatabase } from '../database/database.options';
import { ServiceErrorFilter } from '../errors/service-error.filter';
import { createHealthRpcController, HealthHttpController } from '../health/health.controllers';
import { HEALTH_HAS_DATABASE, ServiceHealth } from '../health/service-health';
import { LoggingModule } from '../logging/logging.module';
import { HttpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { MetricsController } from '../metrics/metrics.controller';
import { TransportModule } from '../transport/transport.module';

export interface ServiceKitOptions<S extends z.ZodObject> {
  name: string;
  /** The service's config class (`ServiceConfig(schema)`), injected by its constructor type. */
  config: ServiceConfigClass<S>;
  database?: ServiceDatabase;
  /** The service's `<name>.health.check` subject; the gateway has none. */
  healthSubject?: Subject;
  env?: Record<string, string | undefined>;
}

/**
 * Everything a Backtalk service needs from the platform, in one import:
 * validated config, logging, the transport client, its database schema,
 * health (NATS and HTTP), metrics, contract validation and error mapping.
 */
@Module({})
export class ServiceKitModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }

  static forService<S extends z.ZodObject>(options: ServiceKitOptions<S>): DynamicModule {
    const config = loadConfig(baseConfigSchema, options.env);
    const configSubject = (configSubjectFor as Record<string, Subject | undefined>)[options.name];
    return {
      module: ServiceKitModule,
      imports: [
        ConfigModule.forRoot(options.config, options.env),
        LoggingModule.forRoot({
          // In standalone mode every module shares Nest's static logger, so a per-service label would lie.
          service: config.BACKTALK_MODE === 'standalone' ? 'backtalk' : options.name,
          level: config.LOG_LEVEL,
          pretty: config.BACKTALK_MODE === 'standalone' && process.stdout.isTTY,
          quietFramework: config.BACKTALK_MODE === 'standalone',
        }),
        TransportModule.forService(options.name),
        TerminusModule.forRoot({ logger: false }),
        ...(options.database ? [DatabaseModule.forService(options.database)] : []),
      ],
      controllers: [
        HealthHttpController,
        MetricsController,
        ...(options.healthSubject ? [createHealthRpcController(options.healthSubject)] : []),
        // The developer env-vars page: every backend service shows its own configuration, secrets masked.
        ...(configSubject
          ? [createConfigShowRpcController(configSubject, options.name, options.config)]
          : []),
      ],
      providers: [
        ServiceHealth,
        { provide: HEALTH_HAS_DATABASE, useValue: options.database !== undefined },
        { provide: APP_FILTER, useValue: new ServiceErrorFilter(options.name) },
      ],
      exports: [ServiceHealth, TransportModule, ConfigModule],
    };
  }
}
