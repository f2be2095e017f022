import type { z } from 'zod';
import { baseConfigSchema } from './config.schema';
import { loadConfig } from './load-config';

/**
 * A service's configuration as an injection token: Nest resolves the class, and
 * its instance type is exactly what the schema parses, so a constructor
 * parameter `config: IdentityConfig` needs no decorator and no cast.
 */
export interface ConfigClass<S extends z.ZodObject = z.ZodObject> {
  new (values: z.output<S>): Readonly<z.output<S>>;
  readonly schema: S;
}

/** `export class IdentityConfig extends ServiceConfig(identityConfigSchema) {}` */
export function ServiceConfig<S extends z.ZodObject>(schema: S): ConfigClass<S> {
  class Config {
    static readonly schema = schema;
    constructor(values: z.output<S>) {
      Object.assign(this, values);
      Object.freeze(this);
    }
  }
  return Config as unknown as ConfigClass<S>;
}

/** Validates the environment and builds the config class's instance (see loadConfig). */
export function loadServiceConfig<S extends z.ZodObject>(
  configClass: ConfigClass<S>,
  env?: Record<string, string | undefined>,
): Readonly<z.output<S>> {
  return new configClass(loadConfig(configClass.schema, env));
}

/**
 * The variables every service reads. The kit's own providers (transport, database)
 * inject this; it resolves to the service's own config object, which has them all.
 */
export class BaseConfig extends ServiceConfig(baseConfigSchema) {}
