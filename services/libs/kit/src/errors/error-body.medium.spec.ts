import type { ArgumentsHost } from '@nestjs/common';
import { ErrorCode } from '@backtalk/proto';
import net from 'node:net';
import { Pool } from 'pg';
import { firstValueFrom } from 'rxjs';
import { renderError } from './error-body';
import { RpcErrorFilter } from './rpc-error.filter';
import { ServiceError } from './service-error';

describe('renderError, the one {code, message} renderer for HTTP and SSE', () => {
  it('answers a typed error with its status and lifts the details a client acts on', () => {
    const next = '2030-01-01T00:00:00.000Z';
    const { status, body } = renderError(
      new ServiceError(ErrorCode.RateLimited, 'Wait a minute.', { nextAvailableTime: next }),
    );
    expect(status).toBe(429);
    expect(body).toMatchObject({ code: 'RATE_LIMITED', message: 'Wait a minute.', nextAvailableTime: next });
  });

  it('gives an error raised without a message its code’s fan-facing text', () => {
    const { status, body } = renderError(new ServiceError(ErrorCode.ConversationNotFound));
    expect(status).toBe(404);
    expect(body.message).toMatch(/Open the creator’s chat again\.$/);
  });

  it('renders anything else as INTERNAL without leaking its message', () => {
    const { status, body } = renderError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(status).toBe(500);
    expect(body.code).toBe('INTERNAL');
    expect(body.message).not.toContain('ECONNREFUSED');
    expect(body.message).toMatch(/reload the page\.$/);
  });
});

describe('an exhausted database pool (issue 13)', () => {
  /** pg-pool's own error: a pool of one whose connection never completes, asked for a second. */
  async function poolTimeout(): Promise<Error> {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new Pool({ host: '127.0.0.1', port, max: 1, connectionTimeoutMillis: 100 });
    const first = pool.connect().catch((error: unknown) => error);
    const second = await pool.connect().catch((error: unknown) => error);
    await first;
    await pool.end().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    return second as Error;
  }

  it('answers 503 SERVICE_BUSY telling the caller to try again, over HTTP, SSE and the transport', async () => {
    const error = await poolTimeout();
    expect(error.message).toBe('timeout exceeded when trying to connect');
    const { status, body } = renderError(error);
    expect(status).toBe(503);
    expect(body).toEqual({
      code: 'SERVICE_BUSY',
      message: 'Backtalk is very busy right now. Wait a few seconds, then send again.',
    });
    expect(ServiceError.from(error, 'chat-inference').toWire()).toEqual({
      ...body,
      service: 'chat-inference',
    });
    const wire = await firstValueFrom(
      new RpcErrorFilter('chat-inference').catch(error, {} as ArgumentsHost),
    ).catch((failure: unknown) => failure);
    expect(wire).toEqual({ ...body, service: 'chat-inference' });
  });

  it('keeps any other database error INTERNAL', () => {
    expect(renderError(new Error('Connection terminated unexpectedly')).body.code).toBe('INTERNAL');
  });
});
