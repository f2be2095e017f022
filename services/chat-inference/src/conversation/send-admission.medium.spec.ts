import {
  busyErrorOf,
  dataSourceOptions,
  loadConfig,
  openMigratedDataSource,
  renderError,
} from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { ChatInferenceConfig, chatInferenceConfigSchema } from '../chat-inference.config';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import { SendAdmission } from './send-admission';

jest.setTimeout(60_000);

/**
 * A burst of sends against a real PostgreSQL pool of two connections that waits at most 500 ms
 * for one (the product waits 5 s for one of 5). Each send does what a send's first phase does to
 * the pool — two statements, each on a connection of its own — then streams its reply.
 */
describe('SendAdmission in front of a real database pool', () => {
  let database: TestDatabase;
  let pool: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('send_admission', { migratedFor: [chatInferenceService] });
    const options = dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
      typeof openMigratedDataSource
    >[0] & { extra: Record<string, unknown> };
    pool = await openMigratedDataSource({
      ...options,
      extra: { ...options.extra, connectionTimeoutMillis: 500 },
    });
  });
  afterAll(async () => {
    await pool?.destroy();
    await database?.drop();
  });

  const send = (): Observable<MessageStreamEvent> =>
    defer(async () => {
      await pool.query('SELECT pg_sleep(0.02)');
      await pool.query('SELECT pg_sleep(0.02)');
      return { type: 'fragment', text: 'hi', id: '00000000-0000-4000-8000-000000000000#0' } as const;
    });

  /** What each of `count` simultaneous sends ended with: streamed, or the error a fan would see. */
  async function burst(
    count: number,
    admit: (send$: Observable<MessageStreamEvent>) => Observable<MessageStreamEvent>,
  ) {
    const outcomes = await Promise.all(
      Array.from({ length: count }, () =>
        lastValueFrom(admit(send())).then(
          () => ({ streamed: true as const }),
          (error: unknown) => ({
            streamed: false as const,
            poolWait: busyErrorOf(error) !== undefined,
            ...renderError(error),
          }),
        ),
      ),
    );
    return {
      streamed: outcomes.filter((o) => o.streamed).length,
      refusedForPoolWait: outcomes.filter((o) => !o.streamed && o.poolWait).length,
      queuedBusy: outcomes.filter(
        (o) =>
          !o.streamed &&
          !o.poolWait &&
          o.body.code === ErrorCode.ServiceBusy &&
          typeof o.body.retryAfterSeconds === 'number',
      ).length,
      other: outcomes.filter((o) => !o.streamed && !o.poolWait && o.body.code !== ErrorCode.ServiceBusy)
        .length,
    };
  }

  const admission = (env: Record<string, string>) =>
    new SendAdmission(
      loadConfig(chatInferenceConfigSchema, {
        LOG_LEVEL: 'silent',
        MODERATION_PROVIDER: 'none',
        ...env,
      }) as ChatInferenceConfig,
    );

  it('without admission, a burst of 150 sends is refused for the pool wait (what this guards against)', async () => {
    const result = await burst(150, (send$) => send$);
    expect(result.refusedForPoolWait).toBeGreaterThan(0);
  });

  it('with admission, every one of 150 sends streams: the rest wait their turn instead of the pool', async () => {
    const gate = admission({ CHAT_SEND_CONCURRENCY: '2', CHAT_SEND_QUEUE_LIMIT: '200' });
    expect(await burst(150, (send$) => gate.admit(send$))).toEqual({
      streamed: 150,
      refusedForPoolWait: 0,
      queuedBusy: 0,
      other: 0,
    });
  });

  it('past its bound, the queue refuses at once with SERVICE_BUSY and Retry-After; none waits for the pool', async () => {
    const gate = admission({ CHAT_SEND_CONCURRENCY: '2', CHAT_SEND_QUEUE_LIMIT: '50' });
    expect(await burst(150, (send$) => gate.admit(send$))).toEqual({
      streamed: 52,
      refusedForPoolWait: 0,
      queuedBusy: 98,
      other: 0,
    });
  });
});
