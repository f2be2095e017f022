// A fetch stand-in for unit tests: the only thing mocked is the network boundary.

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Promise<Response>;
type Handler = (call: RecordedCall) => Reply;

interface Route {
  method: string;
  path: string | RegExp;
  handler: Handler;
  once: boolean;
}

export interface FetchMock {
  /** Answers matching requests; the newest matching route wins, `once` routes are used up. */
  on(
    method: string,
    path: string | RegExp,
    handler: Handler | Response,
    options?: { once?: boolean },
  ): FetchMock;
  calls: RecordedCall[];
  callsTo(method: string, path: string | RegExp): RecordedCall[];
}

export function installFetchMock(): FetchMock {
  const routes: Route[] = [];
  const calls: RecordedCall[] = [];
  const matches = (route: { method: string; path: string | RegExp }, method: string, path: string) =>
    route.method === method && (typeof route.path === 'string' ? route.path === path : route.path.test(path));

  const fetchImpl = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...((init.headers as Record<string, string>) ?? {}) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(url.searchParams);
    const call = { method, path: url.pathname, query, headers, body };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    for (let i = routes.length - 1; i >= 0; i -= 1) {
      const route = routes[i];
      if (!matches(route, method, url.pathname)) continue;
      if (route.once) routes.splice(i, 1);
      return route.handler(call);
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: `No mock for ${method} ${url.pathname}` });
  };

  (globalThis as { fetch?: unknown }).fetch = jest.fn(fetchImpl);
  const mock: FetchMock = {
    calls,
    on(method, path, handler, options = {}) {
      const fn: Handler = typeof handler === 'function' ? handler : () => cloneResponse(handler);
      routes.push({ method, path, handler: fn, once: !!options.once });
      return mock;
    },
    callsTo(method, path) {
      return calls.filter((call) => matches({ method, path }, call.method, call.path));
    },
  };
  return mock;
}

interface FakeResponseInit {
  status: number;
  text?: string;
  body?: StreamController['body'];
}

function fakeResponse({ status, text = '', body }: FakeResponseInit): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => null },
    text: async () => text,
    json: async () => JSON.parse(text),
    body: body ?? null,
    __text: text,
  } as unknown as Response;
}

function cloneResponse(response: Response): Response {
  return fakeResponse({ status: response.status, text: (response as unknown as { __text: string }).__text });
}

export function jsonResponse(status: number, value: unknown): Response {
  return fakeResponse({ status, text: JSON.stringify(value) });
}

export function textResponse(status: number, text: string): Response {
  return fakeResponse({ status, text });
}

/** Rejects like fetch does when the network is down. */
export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

export interface StreamController {
  /** Sends raw text (may split events anywhere). */
  push(text: string): void;
  /** Sends one SSE event with a JSON payload. */
  event(name: string, data: unknown): void;
  close(): void;
  fail(error: unknown): void;
  response: Response;
  body: {
    getReader(): {
      read(): Promise<{ done: boolean; value?: Uint8Array }>;
      cancel(): Promise<void>;
      releaseLock(): void;
    };
  };
}

/** A `text/event-stream` response that the test feeds event by event. */
export function eventStream(): StreamController {
  const chunks: Uint8Array[] = [];
  let closed = false;
  let failure: unknown = null;
  let waiter: (() => void) | null = null;
  const encoder = new TextEncoder();
  const wake = () => {
    const resolve = waiter;
    waiter = null;
    resolve?.();
  };
  const body: StreamController['body'] = {
    getReader: () => ({
      async read() {
        for (;;) {
          if (failure) throw failure;
          if (chunks.length) return { done: false, value: chunks.shift() };
          if (closed) return { done: true, value: undefined };
          await new Promise<void>((resolve) => {
            waiter = resolve;
          });
        }
      },
      async cancel() {
        closed = true;
        wake();
      },
      releaseLock() {},
    }),
  };
  const controller: StreamController = {
    push(text) {
      chunks.push(encoder.encode(text));
      wake();
    },
    event(name, data) {
      controller.push(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      closed = true;
      wake();
    },
    fail(error) {
      failure = error;
      wake();
    },
    body,
    response: fakeResponse({ status: 200, body }),
  };
  return controller;
}

/** A JWT-shaped token (unsigned) carrying the given claims. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.sig`;
}
