import { Injectable, Module } from '@nestjs/common';
import { z } from 'zod';
import { ConfigError } from '../config/load-config';
import { InProcessBus } from '../transport/in-process.bus';
import { describeStartupError, startInProcessService } from './run-service';

@Injectable()
class BrokenProvider {
  constructor() {
    throw new Error('this provider cannot be built');
  }
}

@Module({ providers: [BrokenProvider] })
class BrokenModule {}

describe('startInProcessService', () => {
  it('rejects when a provider fails to build, and leaves the process running (no process.exit from Nest)', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      await expect(
        startInProcessService(
          { name: 'broken', config: z.object({}), module: () => ({ module: BrokenModule }) },
          new InProcessBus(),
        ),
      ).rejects.toThrow('this provider cannot be built');
      expect(exit).not.toHaveBeenCalled();
    } finally {
      exit.mockRestore();
    }
  });
});

describe('describeStartupError', () => {
  it('prints a configuration error as its message alone, naming the variable', () => {
    const error = new ConfigError([
      { variable: 'NATS_PASSWORD', message: 'is required when NATS_USER is set' },
    ]);
    expect(describeStartupError(error)).toBe(
      'Invalid configuration: NATS_PASSWORD is required when NATS_USER is set',
    );
  });

  it('names a port in use and a refused connection', () => {
    expect(describeStartupError(Object.assign(new Error('listen'), { code: 'EADDRINUSE', port: 3000 }))).toBe(
      'port already in use (3000)',
    );
    expect(
      describeStartupError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe('cannot connect: connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('keeps the stack of anything unexpected', () => {
    const error = new Error('boom');
    expect(describeStartupError(error)).toContain('Error: boom\n    at ');
    expect(describeStartupError('plain')).toBe('plain');
  });
});
