/** A gateway's answer: the status and the JSON body ({} when there is none). */
export interface HttpAnswer {
  status: number;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

interface HttpInit {
  method?: string;
  /** Sent as JSON; a string is sent as it is (for malformed bodies). */
  body?: unknown;
  /** Bearer access token. */
  token?: string;
}

export type HttpCall = (route: string, init?: HttpInit) => Promise<HttpAnswer>;

/**
 * JSON requests to the gateway at `baseUrl()` (GET without a body, POST with one, unless
 * `method` says otherwise); `headers()` adds headers to each request, e.g. X-Forwarded-For.
 */
export function gatewayHttp(
  baseUrl: () => string,
  headers: () => Record<string, string> = () => ({}),
): HttpCall {
  return async (route, init = {}) => {
    const response = await fetch(`${baseUrl()}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...headers(),
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
  };
}

/** The development outbox's mail (newest first), however a test reaches it. */
export type OutboxMessages = () => Promise<{ to: string; text: string }[]>;

/** The outbox through the gateway (`GET /api/dev/outbox`, loopback clients only). */
export function outboxOverHttp(call: HttpCall): OutboxMessages {
  return async () => (await call('/api/dev/outbox?limit=100')).body['messages'];
}

/** The six-digit code mailed to an address, as signUpAccount's `codeFor` wants it. */
export function outboxCode(messages: OutboxMessages): (email: string) => Promise<string> {
  return async (email) => {
    const mail = (await messages()).find((message) => message.to === email);
    const code = /(\d{6})/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  };
}

/**
 * Signs up through the sign-in screen's routes and confirms with the code `codeFor` finds (a
 * test SMTP server, or the development outbox); the new account's id and access token.
 */
export async function signUpAccount(
  call: HttpCall,
  email: string,
  password: string,
  codeFor: (email: string) => Promise<string>,
): Promise<{ userId: string; token: string }> {
  const started = await call('/api/auth/sign-up', { body: { email, password } });
  if (started.status !== 200)
    throw new Error(`sign-up of ${email} answered ${started.status} ${JSON.stringify(started.body)}`);
  const code = await codeFor(email);
  const confirmed = await call('/api/auth/sign-up/confirm', {
    body: { email, code, challenge: started.body.challenge },
  });
  if (confirmed.status !== 200)
    throw new Error(`confirming ${email} answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const token = confirmed.body.session.accessToken as string;
  const session = await call('/api/auth/session', { token });
  return { userId: session.body.userId as string, token };
}
