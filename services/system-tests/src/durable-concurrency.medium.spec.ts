import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { DurableHandler, DurableQueue } from '@backtalk/kit';
import { DurableSubjects, type StripeEvent } from '@backtalk/proto';
import { type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startDurableApp } from './durable-apps';
import { createSystemTestDatabase } from './service-databases';

jest.setTimeout(60_000);

/** Event ids whose handler is running now. */
const running = new Set<string>();
/** Event ids handled to the end. */
const handled = new Set<string>();
/** Event ids whose handler waits for the test: resolving the promise lets it finish. */
const held = new Map<string, { release: () => void; released: Promise<void> }>();

function hold(id: string): () => void {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  held.set(id, { release, released });
  return release;
}

@Injectable()
class SlowConsumer {
  @DurableHandler(DurableSubjects.BillingStripeEventReceived)
  async handle(event: StripeEvent): Promise<void> {
    running.add(event.id);
    await held.get(event.id)?.released;
    running.delete(event.id);
    handled.add(event.id);
  }
}

/**
 * Issue 21 item 9: the standalone queue (a table in the consumer's schema) runs up to
 * DURABLE_CONCURRENCY messages of one service at once, so one slow delivery (a creator's
 * multi-minute initialisation) does not hold up the others.
 */
describe('the standalone durable queue handles several messages at once', () => {
  let database: TestDatabase;
  let consumer: INestApplicationContext;
  let publisher: INestApplicationContext;
  let client: Client;

  const newId = (label: string) => `evt_${label}${randomBytes(3).toString('hex')}`;
  const publish = (id: string) =>
    publisher
      .get(DurableQueue)
      .publish(
        DurableSubjects.BillingStripeEventReceived,
        { id, type: 'invoice.paid', created: 1, data: { object: { object: 'invoice' } } },
        { dedupeId: id },
      );
  const state = async (id: string) => {
    const { rows } = await client.query<{ state: string }>(
      `SELECT state FROM billing.durable_messages WHERE "dedupeId" = $1`,
      [id],
    );
    return rows[0]?.state;
  };

  beforeAll(async () => {
    database = await createSystemTestDatabase('durable_concurrency');
    client = new Client({ connectionString: database.url });
    await client.connect();
    const env = {
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      DURABLE_CONCURRENCY: '2',
    };
    consumer = await startDurableApp('billing', env, [SlowConsumer]);
    publisher = await startDurableApp('gateway', env);
  });
  afterAll(async () => {
    for (const { release } of held.values()) release();
    await publisher?.close();
    await consumer?.close();
    await client?.end();
    await database?.drop();
  });

  it('handles a second message while a slow one still runs, and acks both', async () => {
    const slow = newId('slow');
    const fast = newId('fast');
    const release = hold(slow);
    await publish(slow);
    await waitFor(async () => (running.has(slow) ? true : undefined), { what: 'the slow delivery' });
    await publish(fast);
    await waitFor(async () => (handled.has(fast) ? true : undefined), {
      timeoutMs: 5000,
      what: 'the second message, while the first still runs',
    });
    expect(running.has(slow)).toBe(true);
    await waitFor(async () => ((await state(fast)) === 'acked' ? true : undefined), { what: 'its ack' });
    release();
    await waitFor(async () => ((await state(slow)) === 'acked' ? true : undefined), {
      what: 'the slow message acked',
    });
  });

  it('runs no more than DURABLE_CONCURRENCY at once; the next starts when one ends', async () => {
    const ids = [newId('a'), newId('b'), newId('c')];
    const releases = ids.map(hold);
    for (const id of ids) await publish(id);
    await waitFor(async () => (ids.filter((id) => running.has(id)).length === 2 ? true : undefined), {
      what: 'two running',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ids.filter((id) => running.has(id))).toHaveLength(2);
    const waiting = ids.find((id) => !running.has(id))!;
    releases[ids.indexOf(ids.find((id) => running.has(id))!)]!();
    await waitFor(async () => (running.has(waiting) ? true : undefined), { what: 'the third starting' });
    releases.forEach((release) => release());
    for (const id of ids)
      await waitFor(async () => ((await state(id)) === 'acked' ? true : undefined), { what: `${id} acked` });
  });
});
