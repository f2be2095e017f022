import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { identityService } from '@backtalk/identity';
import { ingestionService } from '@backtalk/ingestion';
import {
  Clock,
  DAY_MS,
  dataSourceOptions,
  openMigratedDataSource,
  RetentionJob,
  type ServiceDefinition,
} from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';

const HOUR_MS = 60 * 60 * 1000;
type DataSource = Awaited<ReturnType<typeof openMigratedDataSource>>;

/**
 * Issue 21 item 4: every service whose schema has a durable queue (the standalone mode's
 * `durable_messages`) removes its dead letters 90 days after they were dead-lettered — the kit's
 * RetentionJob adds that step to each service's plan, so no service can leave it out.
 */
describe('dead letters go 90 days after they were dead-lettered, in every service with a durable queue', () => {
  // Identity too, since its forgot-password and resend mails travel through its own durable queue.
  const withQueue = [
    chatInferenceService,
    creatorsService,
    ingestionService,
    billingService,
    identityService,
  ];
  let database: TestDatabase;
  const sources = new Map<string, DataSource>();

  beforeAll(async () => {
    database = await createTestDatabase('dead_letters', { migratedFor: withQueue });
    for (const service of withQueue)
      sources.set(
        service.name,
        await openMigratedDataSource(
          dataSourceOptions(service.database!, database.url, 2) as Parameters<
            typeof openMigratedDataSource
          >[0],
        ),
      );
  });
  afterAll(async () => {
    for (const source of sources.values()) await source.destroy();
    await database?.drop();
  });

  const letter = async (dataSource: DataSource, state: 'dead' | 'pending', settledAt: Date | null) => {
    const [row] = (await dataSource.query(
      `INSERT INTO durable_messages (subject, "dedupeId", payload, state, "settledAt", "lastError")
       VALUES ('test.subject', $1, '{}', $2, $3, 'failed') RETURNING id`,
      [randomUUID(), state, settledAt],
    )) as { id: string }[];
    return row!.id;
  };

  it.each(withQueue.map((service): [string, ServiceDefinition] => [service.name, service]))(
    '%s',
    async (name) => {
      const dataSource = sources.get(name)!;
      const clock = new Clock();
      const job = new RetentionJob({ steps: [] }, null, clock, dataSource);
      const start = clock.now();
      const old = await letter(dataSource, 'dead', start);
      const newer = await letter(dataSource, 'dead', new Date(start.getTime() + DAY_MS));
      const pending = await letter(dataSource, 'pending', null);
      const left = async () =>
        (
          (await dataSource.query(`SELECT id FROM durable_messages WHERE id = ANY($1) ORDER BY id`, [
            [old, newer, pending],
          ])) as { id: string }[]
        ).map((row) => row.id);

      clock.advance(90 * DAY_MS - HOUR_MS);
      expect(await job.run()).toEqual({ deadLetters: 0 });
      expect(await left()).toEqual([old, newer, pending]);
      clock.advance(HOUR_MS + 60_000);
      expect(await job.run()).toEqual({ deadLetters: 1 });
      expect(await left()).toEqual([newer, pending]);
    },
  );
});
