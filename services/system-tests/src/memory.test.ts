import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { gatewayHttp } from './gateway-http';
import { connectToStandaloneDatabase } from './service-databases';
import { type StandaloneApp, startStandaloneApp } from './standalone-app';

jest.setTimeout(180_000);

/**
 * The memory routes over HTTP (issue 24 item 2): a fan reads and changes only their own memories;
 * another fan's id is 404 and changes nothing; bad input is a 400 that changes nothing.
 */
describe('memory routes: authorization and bad input (HTTP)', () => {
  let app: StandaloneApp;
  let db: Client;
  const call = gatewayHttp(() => app.origin);
  const guest = async () => {
    const { body } = await call('/api/auth/guest', { method: 'POST', body: {} });
    return { userId: body.userId as string, token: body.tokens.accessToken as string };
  };
  const stored = async (id: string) =>
    (await db.query(`SELECT text FROM chat_inference.fan_memories WHERE id = $1`, [id])).rows[0]?.text;

  beforeAll(async () => {
    app = await startStandaloneApp('memory_http', { MODERATION_PROVIDER: 'none' });
    db = await connectToStandaloneDatabase(app.dataDir);
  });
  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  it("another fan's memory can be neither read, changed nor deleted; bad input changes nothing", async () => {
    const owner = await guest();
    const stranger = await guest();
    const creatorId = (await db.query(`SELECT id FROM creators.creators WHERE "demoAccount" LIMIT 1`)).rows[0]
      .id;
    const memoryId = randomUUID();
    await db.query(
      `INSERT INTO chat_inference.fan_memories (id, owner, "creatorId", text) VALUES ($1, $2, $3, $4)`,
      [memoryId, owner.userId, creatorId, "The fan's name is Sam."],
    );

    const own = await call(`/api/memories?creatorId=${creatorId}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.memories).toEqual([
      expect.objectContaining({ id: memoryId, text: "The fan's name is Sam." }),
    ]);

    // Rows: who asks, what, the answer.
    const rows: [string, { method: string; route: string; body?: unknown; token?: string }, number][] = [
      ['a stranger lists', { method: 'GET', route: '/api/memories', token: stranger.token }, 200],
      [
        'a stranger edits',
        { method: 'PATCH', route: `/api/memories/${memoryId}`, body: { text: 'x' }, token: stranger.token },
        404,
      ],
      [
        'a stranger deletes',
        { method: 'DELETE', route: `/api/memories/${memoryId}`, token: stranger.token },
        404,
      ],
      [
        'a stranger forgets everything',
        { method: 'DELETE', route: `/api/memories?creatorId=${creatorId}`, token: stranger.token },
        200,
      ],
      ['nobody lists', { method: 'GET', route: '/api/memories' }, 401],
      ['nobody deletes', { method: 'DELETE', route: `/api/memories/${memoryId}` }, 401],
      [
        'the owner sends an empty text',
        { method: 'PATCH', route: `/api/memories/${memoryId}`, body: { text: '  ' }, token: owner.token },
        400,
      ],
      [
        'the owner sends a too long text',
        {
          method: 'PATCH',
          route: `/api/memories/${memoryId}`,
          body: { text: 'a'.repeat(301) },
          token: owner.token,
        },
        400,
      ],
      [
        'the owner sends extra fields',
        {
          method: 'PATCH',
          route: `/api/memories/${memoryId}`,
          body: { text: 'ok', owner: stranger.userId },
          token: owner.token,
        },
        400,
      ],
      [
        'the owner sends a bad id',
        { method: 'DELETE', route: '/api/memories/not-a-uuid', token: owner.token },
        400,
      ],
      [
        'the owner sends a bad switch',
        { method: 'PUT', route: '/api/memories/settings', body: { enabled: 'yes' }, token: owner.token },
        400,
      ],
    ];
    for (const [what, request, status] of rows) {
      const answer = await call(request.route, {
        method: request.method,
        body: request.body,
        token: request.token,
      });
      expect({ what, status: answer.status }).toEqual({ what, status });
    }
    expect((await call('/api/memories', { token: stranger.token })).body.memories).toEqual([]);
    expect(await stored(memoryId)).toBe("The fan's name is Sam.");

    // The owner may.
    const edited = await call(`/api/memories/${memoryId}`, {
      method: 'PATCH',
      body: { text: "The fan's name is Samuel." },
      token: owner.token,
    });
    expect(edited).toEqual({
      status: 200,
      body: expect.objectContaining({ text: "The fan's name is Samuel." }),
    });
    expect(await call(`/api/memories/${memoryId}`, { method: 'DELETE', token: owner.token })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect(await stored(memoryId)).toBeUndefined();
  });
});
