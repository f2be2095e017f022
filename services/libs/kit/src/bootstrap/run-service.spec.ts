import { ConfigError } from '../config/load-config';
import { describeStartupError } from './run-service';

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
