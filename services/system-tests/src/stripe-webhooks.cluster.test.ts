import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import { type RunningCluster, startCluster } from './processes';
import { createSystemTestDatabase } from './service-databases';
import {
  billingState,
  deliver,
  expectedState,
  foreignSecret,
  insertAccounts,
  shuffle,
  sign,
  stripeEvent,
  subscriptionScenario,
  webhookSecret,
} from './stripe-events';

jest.setTimeout(180_000);

/**
 * Cluster mode: the gateway and billing as processes, the events between them
 * in a JetStream stream of this run's own (its name carries the subject prefix).
 */
describeWithNats(
  'Stripe webhooks in cluster mode: JetStream between the gateway and billing processes',
  () => {
    const prefix = `test${randomBytes(4).toString('hex')}.`;
    let database: TestDatabase;
    let cluster: RunningCluster;

    beforeAll(async () => {
      database = await createSystemTestDatabase('webhooks_cluster');
      cluster = await startCluster(
        {
          DATABASE_URL: database.url,
          NATS_URL: testNatsUrl(),
          NATS_SUBJECT_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          STRIPE_WEBHOOK_SECRET: webhookSecret,
          // A delivery cut short by a crash is redelivered after this long.
          DURABLE_ACK_WAIT_MS: '2000',
          DURABLE_RETRY_BASE_MS: '100',
        },
        ['billing'],
      );
      // Up once an event of a type billing ignores is queued and answered 200.
      await waitFor(
        async () => {
          const probe = sign(stripeEvent('ping.sent', Math.floor(Date.now() / 1000), { object: 'ping' }));
          return (await deliver(cluster.gatewayUrl, probe).catch(() => ({ status: 0 }))).status === 200
            ? true
            : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 250, what: 'the gateway to queue a webhook' },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${cluster.output.join('\n')}`);
      });
    });

    afterAll(async () => {
      // Stopping the cluster deletes this run's stream too.
      await cluster?.stop();
      await database?.drop();
    });

    it('processes every event exactly once although billing is killed mid-batch, and refuses stale and forged copies', async () => {
      const scenario = subscriptionScenario();
      await insertAccounts(database.url, scenario.accounts);
      const genuine = shuffle(scenario.events.flatMap((event) => [sign(event), sign(event), sign(event)]));
      const refused = [
        ...scenario.events.slice(0, 10).map((event) => sign(event, webhookSecret, Date.now() / 1000 - 301)),
        ...scenario.events.slice(10, 20).map((event) => sign(event, foreignSecret)),
      ];
      const half = Math.floor(genuine.length / 2);
      const send = (batch: typeof genuine) =>
        Promise.all(batch.map((delivery) => deliver(cluster.gatewayUrl, delivery)));

      const first = await send(genuine.slice(0, half));
      await waitFor(
        async () => ((await billingState(database.url)).processedEventIds.length > 0 ? true : undefined),
        {
          timeoutMs: 30_000,
          intervalMs: 20,
          what: 'billing to start on the batch',
        },
      );
      await cluster.supervisor.kill('billing', 'SIGKILL');
      const atKill = (await billingState(database.url)).processedEventIds.length;
      expect(atKill).toBeLessThan(49);

      // With billing down, the gateway still answers 200: the stream holds the events.
      const second = await send(genuine.slice(half));
      const rejected = await Promise.all(refused.map((delivery) => deliver(cluster.gatewayUrl, delivery)));
      for (const answer of [...first, ...second])
        expect(answer).toEqual({ status: 200, body: { received: true, duplicate: expect.any(Boolean) } });
      for (const answer of rejected)
        expect(answer).toEqual({
          status: 400,
          body: { code: 'STRIPE_SIGNATURE_INVALID', message: expect.any(String) },
        });
      expect([...first, ...second].filter((answer) => answer.body.duplicate === false)).toHaveLength(50);

      cluster.start('billing');
      await waitFor(
        async () => ((await billingState(database.url)).processedEventIds.length >= 49 ? true : undefined),
        { timeoutMs: 60_000, intervalMs: 200, what: 'billing to process every event after its restart' },
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${cluster.output.join('\n')}`);
      });
      // Give a redelivery of the message cut short by the kill time to arrive: it must change nothing.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await billingState(database.url)).toEqual(expectedState(scenario));
    });
  },
);
