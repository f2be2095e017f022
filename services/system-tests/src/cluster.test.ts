import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { createSystemTestDatabase } from './service-databases';
import { ErrorCode, Subjects } from '@backtalk/proto';
import { JSONCodec, connect } from 'nats';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type RunningCluster, repoRoot, spawnNode, startCluster } from './processes';

interface HealthBody {
  status: string;
  services: Record<string, string>;
  down: string[];
  message?: string;
}

async function health(url: string): Promise<{ status: number; body: HealthBody }> {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: (await response.json()) as HealthBody };
}

describeWithNats('cluster mode: seven processes over real NATS and PostgreSQL', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  const prefix = `test${randomBytes(4).toString('hex')}.`;

  beforeAll(async () => {
    database = await createSystemTestDatabase('cluster');
    cluster = await startCluster({
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      HEALTH_TIMEOUT_MS: '1000',
      DEMO_DATA: 'true',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
    });
    await cluster.whenHealthy('all seven services to report up');
  });

  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it('reports every service up through NATS', async () => {
    const { status, body } = await health(cluster.gatewayUrl);
    expect(status).toBe(200);
    expect(body.services).toEqual({
      gateway: 'up',
      identity: 'up',
      creators: 'up',
      ingestion: 'up',
      'chat-inference': 'up',
      billing: 'up',
      'feature-flags': 'up',
    });
  });

  it('runs chat-inference with the floor alone only because the harness chose `none`, and its log says so once', () => {
    const warnings = cluster.output.filter((line) =>
      line.includes('MODERATION_PROVIDER=none: fan messages and replies are checked by the floor alone'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[chat-inference]');
  });

  it('refuses to start chat-inference without MODERATION_PROVIDER, in one error naming the choices (issue 22 item 1)', async () => {
    const chatInference = spawnNode('services/chat-inference/dist/main.js', {
      BACKTALK_MODE: 'cluster',
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      HTTP_PORT: '0',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
    });
    const exit = await chatInference.exited;
    expect(exit.code).toBe(1);
    expect(chatInference.output()).toBe(
      'chat-inference: Invalid configuration: MODERATION_PROVIDER is required: choose `openai`, `llama-guard`, `local`, `bedrock` or `none` (`none` means the always-on floor alone — crisis signals, sexual talk involving minors, profanity to minors — with no moderator above it; docs/safety.md)\n',
    );
  });

  it('stops `npm run start:cluster` before it starts anything when MODERATION_PROVIDER is missing', async () => {
    const launcher = spawnNode('services/standalone/dist/cluster.js', {
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      JWT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const exit = await launcher.exited;
    expect(exit.code).toBe(1);
    expect(launcher.output()).toMatch(
      /^start:cluster: chat-inference: Invalid configuration: MODERATION_PROVIDER is required: choose `openai`, `llama-guard`, `local`, `bedrock` or `none` \(`none` means the always-on floor alone/,
    );
    expect(launcher.output().trim().split('\n')).toHaveLength(1);
  });

  it('turns 503 naming chat-inference within 5 s of its process dying, and 200 once it is back', async () => {
    await cluster.supervisor.kill('chat-inference', 'SIGKILL');
    const killedAt = Date.now();
    const degraded = await waitFor(
      async () => {
        const result = await health(cluster.gatewayUrl);
        return result.status === 503 ? result : undefined;
      },
      { timeoutMs: 5000, intervalMs: 100, what: '503 from /api/health' },
    );
    expect(Date.now() - killedAt).toBeLessThan(5000);
    expect(degraded.body.down).toEqual(['chat-inference']);
    expect(degraded.body.message).toBe('Unavailable: chat-inference');

    cluster.start('chat-inference');
    await waitFor(async () => ((await health(cluster.gatewayUrl)).status === 200 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'chat-inference to come back',
    });
  });

  it('answers a raw NATS payload that fails its schema with a typed error, and keeps serving', async () => {
    const connection = await connect({ servers: testNatsUrl() });
    const codec = JSONCodec<Record<string, unknown>>();
    try {
      const reply = await connection.request(
        `${prefix}${Subjects.FeatureFlagsHealthCheck}`,
        codec.encode({ pattern: Subjects.FeatureFlagsHealthCheck, data: { unexpected: true }, id: 'raw-1' }),
        { timeout: 3000 },
      );
      const packet = codec.decode(reply.data);
      expect(packet).toMatchObject({
        id: 'raw-1',
        err: { code: ErrorCode.ValidationFailed, service: 'feature-flags' },
      });

      const garbage = await connection.request(
        `${prefix}${Subjects.FeatureFlagsHealthCheck}`,
        new TextEncoder().encode('{not json'),
        { timeout: 3000 },
      );
      expect(codec.decode(garbage.data)).toMatchObject({
        err: { code: ErrorCode.ValidationFailed, message: 'Malformed message: not a JSON request packet' },
      });
    } finally {
      await connection.close();
    }
    expect((await health(cluster.gatewayUrl)).status).toBe(200);
  });

  describe('chat over NATS', () => {
    const api = async (route: string, init: RequestInit & { token?: string } = {}) => {
      const response = await fetch(`${cluster.gatewayUrl}${route}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        text,
        body: text.startsWith('{') ? JSON.parse(text) : undefined,
      };
    };

    async function waitUntilUp(): Promise<void> {
      await waitFor(async () => ((await health(cluster.gatewayUrl)).status === 200 ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 200,
        what: 'every service to be up again',
      });
    }

    it('streams a grounded reply from chat-inference through the gateway, and keeps it across a crash of every service that holds it', async () => {
      const guest = await api('/api/auth/guest', { method: 'POST', body: '{}' });
      expect(guest.status).toBe(201);
      const token = guest.body.tokens.accessToken as string;
      const refreshCookie = /bt_refresh=[^;]+/.exec(guest.headers.get('set-cookie') ?? '')?.[0];
      expect(refreshCookie).toBeDefined();
      const creator = await api('/api/creators/by-handle/demo.creator');
      const conversation = await api('/api/conversations', {
        method: 'POST',
        token,
        body: JSON.stringify({ creatorId: creator.body.id }),
      });
      const reply = await api(`/api/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        token,
        body: JSON.stringify({ content: [{ text: 'Once upon a time' }] }),
      });
      expect(reply.status).toBe(200);
      expect(reply.text).toMatch(/"stopReason":"(end_turn|max_tokens)"/);
      const before = (await api(`/api/conversations/${conversation.body.id}/messages`, { token })).body
        .messages;
      expect(before).toHaveLength(2);

      // SIGKILL gives no chance to flush anything: what was committed must survive on its own.
      for (const name of ['chat-inference', 'identity', 'creators']) {
        await cluster.supervisor.kill(name, 'SIGKILL');
        cluster.start(name);
      }
      await waitUntilUp();
      const after = (await api(`/api/conversations/${conversation.body.id}/messages`, { token })).body
        .messages;
      expect(after).toEqual(before);
      const refreshed = await api('/api/auth/refresh', {
        method: 'POST',
        headers: { cookie: refreshCookie!, 'x-backtalk-csrf': '1' },
      });
      expect(refreshed.status).toBe(200);
    });
  });
});
