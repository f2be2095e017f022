import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from './logger';
import { requestLogging, requestLogSerializers } from './request-logging';
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
    const lines = await requestLines([{ url: '/api/x?token=s3cr3t-value&page=2' }]);
    const log = lines.join('');
    expect(log).toContain('/api/x?token=[redacted]&page=2');
    expect(log).not.toContain('s3cr3t-value');
  });
});

/** A request line as the tests read it. */
interface LogLine {
  msg?: string;
  requestId?: string;
  responseTime?: unknown;
}

describe('requestLogging', () => {
  it('logs one line per request when it ends, with its id, status and time; a 5xx as errored', async () => {
    const lines = await requestLines([
      { url: '/api/ok', headers: { 'x-request-id': 'caller-id-1', authorization: 'Bearer secret-token' } },
      { url: '/api/broken', status: 503 },
      { url: '/health/live' },
    ]);
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    const requestLines_ = parsed.filter((line) => line.msg !== 'inside');
    expect(requestLines_).toHaveLength(2);
    expect(requestLines_[0]).toMatchObject({
      msg: 'request completed',
      requestId: 'caller-id-1',
      req: { method: 'GET', url: '/api/ok', headers: { authorization: '[redacted]' } },
      res: { statusCode: 200 },
    });
    expect(typeof requestLines_[0]?.responseTime).toBe('number');
    expect(requestLines_[1]).toMatchObject({ msg: 'request errored', res: { statusCode: 503 } });
    expect(requestLines_[1]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // What the handler logs carries the request's id too (RequestContext, through the mixin).
    expect(parsed.filter((line) => line.msg === 'inside').map((line) => line.requestId)).toEqual([
      'caller-id-1',
      requestLines_[1]?.requestId,
      expect.any(String),
    ]);
  });
});

/** Serves `requests` through requestLogging and returns the log lines written. */
async function requestLines(
  requests: { url: string; status?: number; headers?: Record<string, string> }[],
): Promise<string[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(
    { ...loggerOptions({ service: 'test', level: 'info' }), serializers: requestLogSerializers },
    sink,
  );
  const middleware = requestLogging(logger);
  const server = http.createServer((request, response) => {
    middleware(request, response, () => {
      logger.info('inside');
      response.statusCode = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    for (const { url, status, headers } of requests) {
      const target = status ? `${url}${url.includes('?') ? '&' : '?'}status=${status}` : url;
      await (await fetch(`http://127.0.0.1:${port}${target}`, { headers })).text();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    server.close();
  }
  return lines;
}
