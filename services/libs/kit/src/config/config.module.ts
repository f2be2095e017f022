import { DynamicModule, Global, Inject, Module } from '@nestjs/common';
import type { z } from 'zod';
import { loadConfig } from './load-config';

export const CONFIG = Symbol('backtalk:config');

/** Injects the service's validated configuration object. */
export const InjectConfig = (): ParameterDecorator => Inject(CONFIG);

@Global()
@Module({})
export class ConfigModule {
  /** Validates at module creation, so a bad variable stops the process before anything starts. */
  static forRoot<S extends z.ZodObject>(schema: S, env?: Record<string, string | undefined>): DynamicModule {
    const config = loadConfig(schema, env);
    return { module: ConfigModule, providers: [{ provide: CONFIG, useValue: config }], exports: [CONFIG] };
  }
}
