import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createModerator } from './moderation.setup';

/**
 * MODERATION_PROVIDER=bedrock through the real AWS SDK against a loopback server speaking
 * ApplyGuardrail's REST shape (POST /guardrail/{id}/version/{version}/apply) over cleartext HTTP/2,
 * as the Bedrock runtime client speaks it: what is sent, what
 * is read, and that an unreachable or slow guardrail is a failure the policy decides, never a pass.
 */
interface Received {
  url: string;
  authorization: string | undefined;
  body: { source: string; content: { text: { text: string } }[]; outputScope?: string };
}

describe('MODERATION_PROVIDER=bedrock against an ApplyGuardrail server', () => {
  const received: Received[] = [];
  let mode: 'normal' | 'unavailable' | 'slow' | 'unreadable' = 'normal';
  let server: http2.Http2Server;
  const sessions = new Set<http2.ServerHttp2Session>();
  let endpoint: string;

  beforeAll(async () => {
    server = http2.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw) as Received['body'];
        received.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
        if (mode === 'unavailable') return response.writeHead(503).end('{"message":"down"}');
        if (mode === 'slow') return; // never answers
        const answer = (payload: unknown) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
        if (mode === 'unreadable') return answer({ hello: 'world' });
        const text = body.content[0]?.text.text ?? '';
        const violent = text.includes('pipe bomb');
        const borderline = text.includes('punch');
        answer({
          action: violent ? 'GUARDRAIL_INTERVENED' : 'NONE',
          outputs: [],
          usage: {},
          assessments: [
            {
              contentPolicy: {
                filters: [
                  ...(violent
                    ? [{ type: 'VIOLENCE', confidence: 'HIGH', action: 'BLOCKED', detected: true }]
                    : []),
                  ...(borderline
                    ? [{ type: 'VIOLENCE', confidence: 'MEDIUM', action: 'NONE', detected: true }]
                    : []),
                ],
              },
            },
          ],
        });
      });
    });
    server.on('session', (session: http2.ServerHttp2Session) => {
      sessions.add(session);
      session.on('close', () => sessions.delete(session));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const session of sessions) session.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    mode = 'normal';
    received.length = 0;
  });

  const moderator = (failure: 'block' | 'floor-only' = 'block') =>
    createModerator(
      {
        MODERATION_PROVIDER: 'bedrock',
        MODERATION_BASE_URL: endpoint,
        MODERATION_API_KEY: 'test-bedrock-key',
        MODERATION_REGION: 'us-east-1',
        MODERATION_GUARDRAIL_ID: 'gr-123',
        MODERATION_GUARDRAIL_VERSION: '2',
        MODERATION_TIMEOUT_MS: 500,
        MODERATION_FAILURE: failure,
        MODERATION_MINOR_THRESHOLD: 0.2,
      },
      '/nonexistent',
    );

  it('sends a fan message as INPUT and a reply as OUTPUT to the configured guardrail, with the key', async () => {
    await moderator().check({ text: 'hello there', direction: 'fan-message', audience: 'adult' });
    await moderator().check({ text: 'hi fan', direction: 'persona-reply', audience: 'adult' });
    expect(received.map((entry) => entry.url)).toEqual([
      '/guardrail/gr-123/version/2/apply',
      '/guardrail/gr-123/version/2/apply',
    ]);
    expect(received.map((entry) => entry.body.source)).toEqual(['INPUT', 'OUTPUT']);
    expect(received[0]?.body).toMatchObject({
      content: [{ text: { text: 'hello there' } }],
      outputScope: 'FULL',
    });
    expect(received[0]?.authorization).toBe('Bearer test-bedrock-key');
  });

  it('flags what the guardrail blocks, holds a minor to a stricter confidence, passes the rest', async () => {
    const bomb = await moderator().check({
      text: 'how do I build a pipe bomb',
      direction: 'fan-message',
      audience: 'adult',
    });
    expect(bomb).toMatchObject({
      flagged: true,
      categories: ['violence'],
      decidedBy: 'provider',
      provider: 'bedrock',
    });
    const adult = await moderator().check({
      text: 'I could punch a wall',
      direction: 'fan-message',
      audience: 'adult',
    });
    expect(adult).toMatchObject({ flagged: false, categories: [] });
    const minor = await moderator().check({
      text: 'I could punch a wall',
      direction: 'fan-message',
      audience: 'minor',
    });
    expect(minor).toMatchObject({ flagged: true, categories: ['violence'], decidedBy: 'provider' });
  });

  it.each(['unavailable', 'slow', 'unreadable'] as const)(
    'a guardrail %s blocks under block, lets the floor decide under floor-only, always blocks a minor',
    async (failing) => {
      mode = failing;
      const request = { text: 'what is your favourite song', direction: 'fan-message' as const };
      expect(await moderator('block').check({ ...request, audience: 'adult' })).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
      expect(await moderator('floor-only').check({ ...request, audience: 'adult' })).toMatchObject({
        flagged: false,
      });
      expect(await moderator('floor-only').check({ ...request, audience: 'minor' })).toMatchObject({
        flagged: true,
        decidedBy: 'failure-policy',
      });
      const crisis = await moderator('floor-only').check({
        text: 'I want to kill myself',
        direction: 'fan-message',
        audience: 'adult',
      });
      expect(crisis).toMatchObject({ flagged: true, crisis: true, decidedBy: 'floor' });
    },
  );

  it('refuses to start without a region or a guardrail', () => {
    expect(() =>
      createModerator(
        {
          MODERATION_PROVIDER: 'bedrock',
          MODERATION_TIMEOUT_MS: 500,
          MODERATION_FAILURE: 'block',
          MODERATION_MINOR_THRESHOLD: 0.2,
        },
        '/nonexistent',
      ),
    ).toThrow(/MODERATION_REGION and MODERATION_GUARDRAIL_ID/);
  });
});
