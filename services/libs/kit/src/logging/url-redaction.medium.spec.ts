import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pinoHttp, { type Options } from 'pino-http';
import { pinoHttpParams } from './logging.module';
import { redactUrl } from './url-redaction';

describe('token-like query values in logs', () => {
  it.each([
    ['/api/auth/callback?code=abc123&state=xyz', '/api/auth/callback?code=[redacted]&state=xyz'],
    [
      '/x?access_token=a&refresh_token=b&page=2',
      '/x?access_token=[redacted]&refresh_token=[redacted]&page=2',
    ],
    [
      '/x?apiKey=k&Secret=s&password=p&sig=1',
      '/x?apiKey=[redacted]&Secret=[redacted]&password=[redacted]&sig=[redacted]',
    ],
    ['/plain/path', '/plain/path'],
    ['/x?flag&token', '/x?flag&token'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('never reach a request log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const params = pinoHttpParams({ service: 'test', level: 'info' });
    const logger = pinoHttp(params as Options, sink);
    const server = http.createServer((request, response) => {
      logger(request, response);
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await (await fetch(`http://127.0.0.1:${port}/api/x?token=s3cr3t-value&page=2`)).text();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      server.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/x?token=[redacted]&page=2');
    expect(log).not.toContain('s3cr3t-value');
  });
});
