import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { type DurableDelivery, DurableHandler, DurableQueue, durableStreamConfig } from '@backtalk/kit';
import { DurableSubjects, type StripeEvent } from '@backtalk/proto';
import { describeNeeding, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { connect } from 'nats';
import { randomBytes } from 'node:crypto';
import { startDurableApp } from './durable-apps';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(60_000);

/** What the test consumer saw, by event id: the delivery count of each call. */
const calls = new Map<string, number[]>();
/** Event ids whose first deliveries fail, and how many of them. */
const failures = new Map<string, number>();

@Injectable()
class RecordingConsumer {
  @DurableHandler(DurableSubjects.BillingStripeEventReceived)
  async handle(event: StripeEvent, delivery: DurableDelivery): Promise<void> {
    calls.set(event.id, [...(calls.get(event.id) ?? []), delivery.deliveries]);
    if (delivery.deliveries <= (failures.get(event.id) ?? 0))
      throw new Error(`failing ${event.id} on purpose`);
  }
}

const event = (id: string): StripeEvent => ({
  id: `evt_${id}`,
  type: 'invoice.paid',
  created: 1,
  data: { object: { object: 'invoice' } },
});

const natsProblem =
  process.env.BACKTALK_TEST_NATS === 'reachable' ? null : `not reachable: ${process.env.BACKTALK_TEST_NATS}`;
const modes = [
  { mode: 'standalone', describe: describeNeeding('PostgreSQL', null) },
  { mode: 'cluster', describe: describeNeeding('NATS', natsProblem) },
] as const;

for (const { mode, describe: suite } of modes) {
  suite(
    `durable work in ${mode} mode (${mode === 'cluster' ? 'JetStream' : 'a queue table in the consumer schema'})`,
    () => {
      const prefix = `test${randomBytes(4).toString('hex')}.`;
      let database: TestDatabase;
      let env: Record<string, string>;
      let consumer: INestApplicationContext | undefined;
      let publisher: INestApplicationContext;

      const publish = (id: string) =>
        publisher.get(DurableQueue).publish(DurableSubjects.BillingStripeEventReceived, event(id), {
          dedupeId: `evt_${id}`,
        });

      beforeAll(async () => {
        database = await createSystemTestDatabase(`durable_${mode}`);
        env = {
          BACKTALK_MODE: mode,
          LOG_LEVEL: 'silent',
          DATABASE_URL: database.url,
          NATS_URL: testNatsUrl(),
          NATS_SUBJECT_PREFIX: prefix,
          DURABLE_RETRY_BASE_MS: '50',
          DURABLE_ACK_WAIT_MS: '1000',
          DURABLE_MAX_DELIVERIES: '4',
        };
        consumer = await startDurableApp('billing', env, [RecordingConsumer]);
        publisher = await startDurableApp('gateway', env);
      });
      afterAll(async () => {
        await publisher?.close();
        await consumer?.close();
        await database?.drop();
        if (mode === 'cluster') {
          const connection = await connect({ servers: testNatsUrl() });
          const manager = await connection.jetstreamManager();
          await manager.streams.delete(durableStreamConfig('billing', prefix).name).catch(() => undefined);
          await connection.close();
        }
      });

      it('acks a handled message once and drops a second publish of its dedupe id', async () => {
        const id = `${mode}ok${randomBytes(3).toString('hex')}`;
        await expect(publish(id)).resolves.toEqual({ duplicate: false });
        await expect(publish(id)).resolves.toEqual({ duplicate: true });
        await waitFor(async () => (calls.get(`evt_${id}`)?.length ? true : undefined), {
          what: 'the delivery',
        });
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(calls.get(`evt_${id}`)).toEqual([1]);
      });

      it('redelivers a message whose handler threw, with backoff, until it succeeds', async () => {
        const id = `${mode}retry${randomBytes(3).toString('hex')}`;
        failures.set(`evt_${id}`, 2);
        await publish(id);
        await waitFor(async () => ((calls.get(`evt_${id}`)?.length ?? 0) >= 3 ? true : undefined), {
          timeoutMs: 15_000,
          what: 'three deliveries',
        });
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(calls.get(`evt_${id}`)).toEqual([1, 2, 3]);
      });

      it('dead-letters a message after DURABLE_MAX_DELIVERIES failed deliveries', async () => {
        const id = `${mode}dead${randomBytes(3).toString('hex')}`;
        failures.set(`evt_${id}`, 100);
        await publish(id);
        await waitFor(async () => ((calls.get(`evt_${id}`)?.length ?? 0) >= 4 ? true : undefined), {
          timeoutMs: 15_000,
          what: 'four deliveries',
        });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(calls.get(`evt_${id}`)).toEqual([1, 2, 3, 4]);
      });

      it('resumes after a restart: a message still failing at shutdown is delivered by the next process', async () => {
        const id = `${mode}restart${randomBytes(3).toString('hex')}`;
        failures.set(`evt_${id}`, 1);
        await publish(id);
        // At least one: with a 50 ms backoff the redelivery may already have come when this looks.
        await waitFor(async () => ((calls.get(`evt_${id}`)?.length ?? 0) >= 1 ? true : undefined), {
          timeoutMs: 15_000,
          what: 'the first delivery',
        });
        await consumer!.close();
        consumer = undefined;
        if (mode === 'cluster') {
          // JetStream keeps what is published while no consumer runs.
          const later = `${mode}later${randomBytes(3).toString('hex')}`;
          await expect(publish(later)).resolves.toEqual({ duplicate: false });
          consumer = await startDurableApp('billing', env, [RecordingConsumer]);
          await waitFor(async () => (calls.get(`evt_${later}`)?.length === 1 ? true : undefined), {
            timeoutMs: 15_000,
            what: 'the message published while the consumer was down',
          });
        } else {
          consumer = await startDurableApp('billing', env, [RecordingConsumer]);
        }
        await waitFor(async () => ((calls.get(`evt_${id}`)?.length ?? 0) >= 2 ? true : undefined), {
          timeoutMs: 15_000,
          what: 'the redelivery after the restart',
        });
        // Delivered again by the new process (a delivery to the closed one may also have counted).
        const deliveries = calls.get(`evt_${id}`)!;
        expect(deliveries[0]).toBe(1);
        expect(deliveries.at(-1)).toBeGreaterThan(1);
      });
    },
  );
}
