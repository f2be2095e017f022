import express from 'express';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { startGateway } from '../gateway.bootstrap';
import { listenInternal } from '../internal/internal-port';
import { classesWithPrototypesOf } from './express-server';

jest.setTimeout(60_000);

v8.setFlagsFromString('--allow-natives-syntax');
/** V8's own answer: do two objects share one hidden class (map)? */
// V8's natives syntax parses only in code compiled after the flag is set, hence new Function.
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
/** …and is it a fast (not dictionary-mode) object? A shared map of slow objects would be no gain. */
const hasFastProperties = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

/** Listens on a free port; resolves with its base URL. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('requests and responses born with Express’s prototypes', () => {
  it('are the objects Express would make, and Express leaves their prototype as it is', async () => {
    const app = express();
    app.set('trust proxy', false);
    const seen: { requestBefore: boolean; responseBefore: boolean; requestAfter?: boolean }[] = [];
    const objects: [object, object][] = [];
    app.get('/x/:id', (request, response) => {
      seen[seen.length - 1]!.requestAfter = Object.getPrototypeOf(request) === app.request;
      objects.push([request, response]);
      response.cookie('c', 'v', { httpOnly: true, path: '/' });
      response.status(201).json({ id: request.params['id'], ip: request.ip, query: request.query });
    });
    const server = http.createServer(
      classesWithPrototypesOf(app),
      (request: IncomingMessage, response: ServerResponse) => {
        seen.push({
          requestBefore: Object.getPrototypeOf(request) === app.request,
          responseBefore: Object.getPrototypeOf(response) === app.response,
        });
        app(request, response);
      },
    );
    try {
      const url = await listen(server);
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${url}/x/${i}?a=b`);
        expect(response.status).toBe(201);
        expect(response.headers.get('set-cookie')).toBe('c=v; Path=/; HttpOnly');
        expect(await response.json()).toEqual({ id: String(i), ip: '127.0.0.1', query: { a: 'b' } });
      }
      expect(seen).toEqual([
        { requestBefore: true, responseBefore: true, requestAfter: true },
        { requestBefore: true, responseBefore: true, requestAfter: true },
      ]);
      // The point of it: every request (and response) shares one map, where Express's
      // prototype swap on Node's own classes gives each its own on Node 20's V8.
      expect(haveSameMap(objects[0]![0], objects[1]![0])).toBe(true);
      expect(haveSameMap(objects[0]![1], objects[1]![1])).toBe(true);
      expect(objects.flat().map(hasFastProperties)).toEqual([true, true, true, true]);
    } finally {
      server.close();
    }
  });

  it('are checked by a map test that can fail: a request and a response never share a map', async () => {
    // Whether Express's swap on Node's own classes gives each request a map of its own depends on
    // V8: Node 20's does (the reason for these classes, docs/benchmarks.md), Node 24's caches the
    // prototype transition and shares one. With these classes requests share a map on both.
    const app = express();
    const objects: object[] = [];
    app.use((request, response) => {
      objects.push(request, response);
      response.status(204).end();
    });
    const server = http.createServer(app);
    try {
      const url = await listen(server);
      for (let i = 0; i < 2; i++) expect((await fetch(url)).status).toBe(204);
      expect(haveSameMap(objects[0]!, objects[1]!)).toBe(false);
      expect(haveSameMap(objects[2]!, objects[3]!)).toBe(false);
    } finally {
      server.close();
    }
  });

  it('are what the internal port builds with them', async () => {
    const app = express();
    const seen: boolean[] = [];
    app.use((request, response) => {
      seen.push(Object.getPrototypeOf(request) === app.request, request instanceof http.IncomingMessage);
      response.status(204).end();
    });
    const server = await listenInternal(app, 0, '127.0.0.1', classesWithPrototypesOf(app));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health/live`);
      expect(response.status).toBe(204);
      expect(seen).toEqual([true, true]);
    } finally {
      server.close();
    }
  });

  it('are what the gateway’s public server builds', async () => {
    const gateway = await startGateway({
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HTTP_PORT: '0',
      HOST: '127.0.0.1',
    });
    try {
      const app = gateway.app.getHttpAdapter().getInstance() as express.Express;
      const seen: string[] = [];
      const record = (request: IncomingMessage, response: ServerResponse) =>
        seen.push(
          `${request.url} ${Object.getPrototypeOf(request) === app.request} ${Object.getPrototypeOf(response) === app.response} ${request instanceof http.IncomingMessage} ${response instanceof http.ServerResponse}`,
        );
      gateway.app.getHttpServer().prependListener('request', record);
      const health = await fetch(`${gateway.internalUrl}/health/live`);
      expect(health.status).toBe(200);
      const unauthenticated = await fetch(`${gateway.url}/api/conversations`);
      // The same middleware as ever answered: the error shape, the security headers, the request id.
      expect(unauthenticated.status).toBe(401);
      expect(await unauthenticated.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
      expect(unauthenticated.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(unauthenticated.headers.get('x-frame-options')).toBe('DENY');
      expect(seen).toEqual(['/api/conversations true true true true']);
    } finally {
      await gateway.app.close();
    }
  });
});
