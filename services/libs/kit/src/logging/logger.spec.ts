import pino from 'pino';
import { Writable } from 'node:stream';
import { loggerOptions } from './logger';

describe('loggerOptions redaction', () => {
  const logged = (record: object): string => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    pino(loggerOptions({ level: 'info', service: 'test' }), sink).info(record, 'request completed');
    return lines.join('');
  };

  it('keeps credentials out of request logs: Authorization, Cookie and the Set-Cookie of the refresh token', () => {
    const line = logged({
      req: { headers: { authorization: 'Bearer secret-access', cookie: 'bt_refresh=secret-refresh' } },
      res: {
        headers: { 'set-cookie': 'bt_refresh=secret-successor; Path=/api/auth; HttpOnly', 'x-ok': 'kept' },
      },
    });
    expect(line).not.toMatch(/secret-/);
    expect(line).toContain('[redacted]');
    expect(line).toContain('kept');
  });
});
