import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule } from '../config/config.module';
import { loadConfig } from '../config/load-config';
import { baseConfigSchema } from '../config/config.schema';
import { BaseConfig } from '../config/service-config';
import { Clock, DAY_MS } from './clock';

/** The Clock a service application gets, configured by `env`. */
async function applicationClock(env: Record<string, string>): Promise<Clock> {
  @Module({ imports: [ConfigModule.forRoot(BaseConfig, env)], providers: [Clock] })
  class ClockModule {}
  const app = await NestFactory.createApplicationContext(ClockModule, { logger: false });
  return app.get(Clock);
}

/** How far ahead of the real time the clock is, in whole days. */
const daysAhead = (clock: Clock): number => Math.round((clock.now().getTime() - Date.now()) / DAY_MS);

describe('Clock', () => {
  it('reads the real time without configuration (unit tests build it with new Clock())', () => {
    const clock = new Clock();
    expect(daysAhead(clock)).toBe(0);
    clock.advance(30 * DAY_MS);
    expect(daysAhead(clock)).toBe(30);
    clock.reset();
    expect(daysAhead(clock)).toBe(0);
  });

  it('starts CLOCK_OFFSET_DAYS ahead in a service application, and reset goes back to that', async () => {
    const clock = await applicationClock({ NODE_ENV: 'test', CLOCK_OFFSET_DAYS: '61' });
    expect(daysAhead(clock)).toBe(61);
    clock.advance(DAY_MS);
    expect(daysAhead(clock)).toBe(62);
    clock.reset();
    expect(daysAhead(clock)).toBe(61);
    expect(daysAhead(await applicationClock({}))).toBe(0);
  });
});

describe('CLOCK_OFFSET_DAYS', () => {
  it('defaults to 0 and takes a whole number of days', () => {
    expect(loadConfig(baseConfigSchema, {}).CLOCK_OFFSET_DAYS).toBe(0);
    expect(loadConfig(baseConfigSchema, { CLOCK_OFFSET_DAYS: '91' }).CLOCK_OFFSET_DAYS).toBe(91);
    for (const bad of ['-1', '1.5', 'soon'])
      expect(() => loadConfig(baseConfigSchema, { CLOCK_OFFSET_DAYS: bad })).toThrow(/CLOCK_OFFSET_DAYS/);
  });

  it('is refused at start in production, with what to do', async () => {
    const production = { NODE_ENV: 'production', CLOCK_OFFSET_DAYS: '31' };
    expect(() => loadConfig(baseConfigSchema, production)).toThrow(
      "Invalid configuration: CLOCK_OFFSET_DAYS moves the retention jobs' clock for tests and must not be set when NODE_ENV=production (unset it, or set it to 0)",
    );
    await expect(applicationClock(production)).rejects.toThrow(/CLOCK_OFFSET_DAYS/);
    expect(
      loadConfig(baseConfigSchema, { NODE_ENV: 'production', CLOCK_OFFSET_DAYS: '0' }).CLOCK_OFFSET_DAYS,
    ).toBe(0);
  });
});
