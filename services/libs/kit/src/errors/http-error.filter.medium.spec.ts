import { defaultMessageFor, ErrorCode } from '@backtalk/proto';
import { Logger, type ArgumentsHost } from '@nestjs/common';
import bodyParser from 'body-parser';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { HttpErrorFilter } from './http-error.filter';

/** Real body-parser errors, caught by the filter as Nest's express adapter hands them over. */
describe('HttpErrorFilter and errors about the request itself', () => {
  const errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  const infoLog = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const filter = new HttpErrorFilter();
    const app = express();
    app.post('/', bodyParser.json(), (_request, response) => response.json({ ok: true }));
    app.get('/bug', () => {
      throw new TypeError('a real bug');
    });
    app.use(
      (error: unknown, request: express.Request, response: express.Response, _next: express.NextFunction) => {
        const host = {
          switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
        } as unknown as ArgumentsHost;
        filter.catch(error, host);
      },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  beforeEach(() => jest.clearAllMocks());

  it('answers 413 for a body over the limit and logs one line without a stack', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(200 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 100 KB; send a smaller body.',
    });
    expect(errorLog).not.toHaveBeenCalled();
    expect(infoLog).toHaveBeenCalledTimes(1);
    expect(String(infoLog.mock.calls[0]?.[0])).not.toMatch(/\n\s+at /);
  });

  it('answers a body refused before it was read (unknown encoding) only once the body has arrived', async () => {
    const { request } = await import('node:http');
    const target = new URL(url);
    const half = Buffer.alloc(512 * 1024, 'x');
    const events: string[] = [];
    const status = await new Promise<number | string>((resolve) => {
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: '/',
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'x-unknown',
            'content-length': String(half.length * 2),
          },
          agent: false,
        },
        (response) => {
          events.push('answer');
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      outgoing.write(half);
      setTimeout(() => {
        events.push('second half');
        outgoing.end(half);
      }, 300);
    });
    // Answered mid-body, Node would close the connection under a client still sending.
    expect(events).toEqual(['second half', 'answer']);
    expect(status).toBe(415);
  });

  it('still answers 500 and logs the stack of a real bug', async () => {
    const response = await fetch(`${url}/bug`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 'INTERNAL',
      message: defaultMessageFor(ErrorCode.Internal),
    });
    expect(errorLog).toHaveBeenCalledWith(expect.stringContaining('TypeError: a real bug\n'));
  });
});
