// The network boundary of web tests: MSW intercepts fetch, and handlers are written with
// openapi-msw against the gateway's OpenAPI document (schema.d.ts), so a mock of a path, parameter
// or response body the document lacks does not compile. A request no handler answers fails the test.
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '../api/schema';

const typedHttp = createOpenApiHttp<paths>({ baseUrl: 'http://localhost' });
export const server = setupServer();

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON body, once read (before the handler's answer reaches the app). */
  body: unknown;
}

const recorded: RecordedCall[] = [];
const byRequestId = new Map<string, RecordedCall>();
server.events.on('request:start', ({ request, requestId }) => {
  const url = new URL(request.url);
  const call: RecordedCall = {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(request.headers),
    body: undefined,
  };
  recorded.push(call);
  byRequestId.set(requestId, call);
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/**
 * openapi-msw's typed handlers, each of which first records the request's JSON body (so a test
 * can read it as soon as the app has its answer).
 */
export const http = {
  ...typedHttp,
  ...Object.fromEntries(
    METHODS.map((method) => [
      method,
      (
        path: string,
        resolver: (info: { request: Request; requestId: string }) => unknown,
        options?: object,
      ) =>
        (typedHttp[method] as (...args: unknown[]) => unknown)(
          path,
          async (info: { request: Request; requestId: string }) => {
            const call = byRequestId.get(info.requestId);
            if (call && call.body === undefined) {
              const text = await info.request.clone().text();
              call.body = text ? JSON.parse(text) : undefined;
            }
            return resolver(info);
          },
          options,
        ),
    ]),
  ),
} as typeof typedHttp;

/** Every request the app made in this test, in order. */
export function apiCalls(method?: string, path?: string | RegExp): RecordedCall[] {
  return recorded.filter(
    (call) =>
      (!method || call.method === method) &&
      (!path || (typeof path === 'string' ? call.path === path : path.test(call.path))),
  );
}

export function resetApiMock(): void {
  server.resetHandlers();
  recorded.length = 0;
  byRequestId.clear();
}

/**
 * An error answer as the gateway renders it (`{ code, message }` plus extras). Error answers are
 * not in the document, so handlers return it through `response.untyped(...)`.
 */
export function errorResponse(status: number, code: string, message: string, extra: object = {}): Response {
  return HttpResponse.json({ code, message, ...extra }, { status });
}

/** An answer that is not JSON at all (a proxy's error page). */
export function textResponse(status: number, text: string): Response {
  return new HttpResponse(text, { status, headers: { 'Content-Type': 'text/html' } });
}

/** Fails like fetch does when the network is down. */
export function networkFailure(): Response {
  return HttpResponse.error();
}

export interface StreamController {
  /** Sends raw text (may split events anywhere). */
  push(text: string): void;
  /** Sends one SSE event with a JSON payload. */
  event(name: string, data: unknown): void;
  close(): void;
  fail(error: unknown): void;
  /** The `text/event-stream` answer to return from a handler (`response.untyped(stream.response)`). */
  response: Response;
}

/** A `text/event-stream` answer that the test feeds event by event. */
export function eventStream(): StreamController {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const push = (text: string) => controller.enqueue(encoder.encode(text));
  return {
    push,
    event: (name, data) => push(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
    close: () => controller.close(),
    fail: (error) => controller.error(error),
    response: new HttpResponse(body, { status: 201, headers: { 'Content-Type': 'text/event-stream' } }),
  };
}

/** A JWT-shaped token (unsigned) carrying the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.sig`;
}

/** POST /api/auth/refresh as the gateway answers a browser without a session cookie. */
export function noSessionCookie() {
  return http.post('/api/auth/refresh', ({ response }) =>
    response.untyped(errorResponse(401, 'TOKEN_INVALID', 'There is no session to refresh; sign in again.')),
  );
}
