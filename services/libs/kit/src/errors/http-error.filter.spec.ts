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
