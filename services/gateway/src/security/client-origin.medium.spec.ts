import type { AccessTokenClaims } from '@backtalk/proto';
import { processBus } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { startGateway, type StartedGateway } from '../gateway.bootstrap';

jest.setTimeout(30_000);

/** An ES256 access token as identity issues them, signed with a key only this test knows. */
function signingIdentity() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test', alg: 'ES256', use: 'sig' };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const userId = randomUUID();
  const signed = `${part({ alg: 'ES256', kid: 'test' })}.${part({
    sub: userId,
    username: userId,
    iss: 'test-identity',
    aud: 'backtalk',
    iat: now,
    exp: now + 600,
    token_use: 'access',
    user_type: 'guest',
    groups: [],
  } satisfies AccessTokenClaims & Record<string, unknown>)}`;
  const signature = sign('sha256', Buffer.from(signed), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return { jwk, token: `${signed}.${signature.toString('base64url')}` };
}

/**
 * What the gateway puts on the wire to chat-inference: the identity and chat
 * services are stood in for on the in-process bus so the outgoing requests
 * themselves can be read.
 */
describe('the client origin sent to chat-inference', () => {
  let gateway: StartedGateway;
  let token: string;
  const received: Record<string, unknown>[] = [];
  const sent: Record<string, unknown>[] = [];
  const unsubscribe: (() => void)[] = [];

  beforeAll(async () => {
    const identity = signingIdentity();
    token = identity.token;
    const answer = (subject: string, reply: (data: Record<string, unknown>) => unknown) =>
      unsubscribe.push(
        processBus.subscribe(subject, (message) => {
          const packet = JSON.parse(message.data) as { id: string; data: Record<string, unknown> };
          message.respond?.(
            JSON.stringify({ id: packet.id, response: reply(packet.data), isDisposed: true }),
          );
        }),
      );
    answer(Subjects.IdentityJwksGet, () => ({ keys: [identity.jwk], issuer: 'test-identity' }));
    answer(Subjects.ChatMessageSend, (data) => {
      sent.push(data);
      return { type: 'fragment', text: '', id: `${randomUUID()}#0`, stopReason: 'end_turn' };
    });
    answer(Subjects.ChatRateLimitCheck, (data) => {
      received.push(data);
      return { canSendMessage: true, nextAvailableTime: null };
    });
    gateway = await startGateway({
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: process.env.GW_LOG ?? 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(async () => {
    unsubscribe.forEach((stop) => stop());
    await gateway?.app.close();
  });

  const check = (headers: Record<string, string>) =>
    fetch(`${gateway.url}/api/chat/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify({ creatorId: randomUUID(), message: '' }),
    });

  it('carries the client address through the trusted proxy and the device cookie', async () => {
    const response = await check({
      'x-forwarded-for': '203.0.113.9',
      cookie: 'bt_device=device-0123456789abcdef',
    });
    expect(response.status).toBe(200);
    expect(received.at(-1)?.origin).toEqual({ ip: '203.0.113.9', device: 'device-0123456789abcdef' });
  });

  it('issues a device id to a first-time browser and sends that same id', async () => {
    const response = await check({ 'x-forwarded-for': '203.0.113.10' });
    const cookie = /bt_device=([\w-]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^[\w-]{36}$/);
    expect(received.at(-1)?.origin).toEqual({ ip: '203.0.113.10', device: cookie });
  });

  it('refuses a body that names its own origin, and asks nothing of chat-inference', async () => {
    const spoofed = { ip: '198.51.100.1', device: 'device-spoofed-000000000000' };
    const before = received.length;
    const rateLimit = await fetch(`${gateway.url}/api/chat/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ creatorId: randomUUID(), message: '', origin: spoofed }),
    });
    expect(rateLimit.status).toBe(400);
    expect(received.length).toBe(before);

    const send = await fetch(`${gateway.url}/api/conversations/${randomUUID()}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text: 'hello' }], origin: spoofed }),
    });
    expect(send.status).toBe(400);
    expect(sent).toEqual([]);
  });

  it("sends the connection's origin with a message", async () => {
    const response = await fetch(`${gateway.url}/api/conversations/${randomUUID()}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '203.0.113.11',
        cookie: 'bt_device=device-0123456789abcdef',
      },
      body: JSON.stringify({ content: [{ text: 'hello' }] }),
    });
    await response.text();
    expect(response.status).toBe(200);
    expect(sent.at(-1)?.origin).toEqual({ ip: '203.0.113.11', device: 'device-0123456789abcdef' });
  });
});
