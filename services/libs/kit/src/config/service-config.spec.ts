import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { ConfigModule } from './config.module';
import { baseConfigSchema } from './config.schema';
import { ConfigError } from './load-config';
import { BaseConfig, ServiceConfig } from './service-config';

const exampleConfigSchema = baseConfigSchema.extend({
  GREETING: z.string().min(1).default('hello').describe('What the example says.'),
});
class ExampleConfig extends ServiceConfig(exampleConfigSchema) {}

@Injectable()
class Greeter {
  // No decorator and no cast: the parameter's type is the injection token.
  constructor(
    readonly config: ExampleConfig,
    readonly base: BaseConfig,
  ) {}
}

async function greeterWith(env: Record<string, string>): Promise<Greeter> {
  @Module({ imports: [ConfigModule.forRoot(ExampleConfig, env)], providers: [Greeter] })
  class ExampleModule {}
  const app = await NestFactory.createApplicationContext(ExampleModule, { logger: false });
  return app.get(Greeter);
}

describe('typed config injection', () => {
  it("gives a provider its service's parsed values under the config class", async () => {
    const greeter = await greeterWith({ GREETING: 'hi', REQUEST_TIMEOUT_MS: '750' });
    expect(greeter.config).toBeInstanceOf(ExampleConfig);
    expect(greeter.config.GREETING).toBe('hi');
    expect(greeter.config.REQUEST_TIMEOUT_MS).toBe(750);
  });

  it('gives the kit the same values under BaseConfig', async () => {
    const greeter = await greeterWith({ REQUEST_TIMEOUT_MS: '750' });
    expect(greeter.base).toBe(greeter.config);
    expect(greeter.base.REQUEST_TIMEOUT_MS).toBe(750);
  });

  it('freezes the values, so no provider can change what another one reads', async () => {
    const greeter = await greeterWith({});
    expect(() => Object.assign(greeter.config, { GREETING: 'changed' })).toThrow(TypeError);
    expect(greeter.config.GREETING).toBe('hello');
  });

  it('works with BaseConfig as the service config', async () => {
    @Injectable()
    class Reader {
      constructor(readonly base: BaseConfig) {}
    }
    @Module({ imports: [ConfigModule.forRoot(BaseConfig, { LOG_LEVEL: 'warn' })], providers: [Reader] })
    class ReaderModule {}
    const app = await NestFactory.createApplicationContext(ReaderModule, { logger: false });
    expect(app.get(Reader).base.LOG_LEVEL).toBe('warn');
  });

  it('stops at module creation on a bad variable, naming it', () => {
    expect(() => ConfigModule.forRoot(ExampleConfig, { REQUEST_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => ConfigModule.forRoot(ExampleConfig, { REQUEST_TIMEOUT_MS: 'soon' })).toThrow(
      /REQUEST_TIMEOUT_MS/,
    );
  });

  it('refuses, at compile time, a config class without the base variables', () => {
    class Partial extends ServiceConfig(z.object({ ONLY: z.string().default('x') })) {}
    // @ts-expect-error the kit's providers need BaseConfig's variables
    expect(() => ConfigModule.forRoot(Partial, {})).not.toThrow();
  });
});
