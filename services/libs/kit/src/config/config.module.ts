import { DynamicModule, Global, Module } from '@nestjs/common';
import type { z } from 'zod';
import { BaseConfig, type ConfigClass, loadServiceConfig } from './service-config';

/** A config class whose values include every base variable, so it can stand in for BaseConfig. */
export type ServiceConfigClass<S extends z.ZodObject> = ConfigClass<S> &
  (z.output<S> extends BaseConfig ? unknown : never);

@Global()
@Module({})
export class ConfigModule {
  /**
   * Validates at module creation, so a bad variable stops the process before anything starts.
   * Provides the values under the service's config class and under BaseConfig.
   */
  static forRoot<S extends z.ZodObject>(
    configClass: ServiceConfigClass<S>,
    env?: Record<string, string | undefined>,
  ): DynamicModule {
    const config = loadServiceConfig(configClass, env);
    return {
      module: ConfigModule,
      providers: [
        { provide: configClass, useValue: config },
        ...(configClass === BaseConfig ? [] : [{ provide: BaseConfig, useExisting: configClass }]),
      ],
      exports: [configClass, BaseConfig],
    };
  }
}
