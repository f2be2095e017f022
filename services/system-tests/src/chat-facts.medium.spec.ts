import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { DurableQueue, ServiceClient } from '@backtalk/kit';
import {
  type Actor,
  type DurableSubject,
  DurableSubjects,
  ErrorCode,
  type MessageStreamEvent,
  type Subject,
  Subjects,
} from '@backtalk/proto';
import { type InProcessServices, waitFor } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { firstValueFrom, toArray } from 'rxjs';
import { boundaryModel } from './boundary-model';
import {
  chatServiceDefinitions,
  type ScriptedChatServices,
  startScriptedChatServices,
} from './scripted-chat-services';
import { stripeEvent, subscriptionObjects } from './stripe-events';

jest.setTimeout(120_000);

const DEMO = 'demo.creator';

/**
 * The facts a send reads from other services, held per chat-inference replica (docs/architecture.md,
 * "Facts a send reads from other services"), with the real owners on one in-process bus: creators'
 * and billing's durable announcements reach chat-inference's consumer, which drops the copy, so the
 * next send sees the change; a bad announcement is refused and drops nothing.
 */
describe('per-replica copies of the persona and the subscription, dropped by the owners’ announcements', () => {
  let stack: ScriptedChatServices;
  let services: InProcessServices;
  let sql: Client;
  let creatorId: string;
  let chatQueue: DurableQueue;
  let billingQueue: DurableQueue;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };

  /** One send, and the requests to other services it made of `subjects`. */
  const send = async (actor: Actor, conversationId: string, text: string, subjects: Subject[]) => {
    const requests = jest.spyOn(ServiceClient.prototype, 'request');
    try {
      const events: MessageStreamEvent[] = await firstValueFrom(
        services.client
          .stream(Subjects.ChatMessageSend, { actor, conversationId, content: [{ text }], aiContext: {} })
          .pipe(toArray()),
      );
      const asked = requests.mock.calls
        .map(([subject]) => subject)
        .filter((subject) => subjects.includes(subject));
      return { events, asked };
    } finally {
      requests.mockRestore();
    }
  };
  const open = async (actor: Actor) =>
    (await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId })).id;
  /** chat-inference's durable messages of a subject, by state. */
  const durableStates = async (subject: DurableSubject) =>
    (
      await sql.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM chat_inference.durable_messages WHERE subject = $1 GROUP BY state`,
        [subject],
      )
    ).rows.reduce<Record<string, number>>((states, row) => ({ ...states, [row.state]: row.n }), {});
  /** Waits until every announcement of `subject` stored so far is settled, and answers how many were acked. */
  const settled = (subject: DurableSubject) =>
    waitFor(
      async () => {
        const states = await durableStates(subject);
        return (states['pending'] ?? 0) === 0 && Object.keys(states).length > 0 ? states : undefined;
      },
      { what: `${subject} settled` },
    );

  beforeAll(async () => {
    stack = await startScriptedChatServices('chat_facts', boundaryModel({ judge: 'scripted' }), {
      FREE_TIER_MESSAGES: '2',
    });
    ({ services, sql } = stack);
    billingQueue = services.apps[chatServiceDefinitions.indexOf(billingService)]!.get(DurableQueue);
    chatQueue = services.apps[chatServiceDefinitions.indexOf(chatInferenceService)]!.get(DurableQueue);
    creatorId = await stack.creatorIdOf(DEMO);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a creator’s 18+ rating reaches the next send through chat-inference.persona.changed', async () => {
    const teen: Actor = { userId: randomUUID(), userType: 'guest', groups: [], ageBand: '16-17' };
    const conversationId = await open(teen);
    await send(teen, conversationId, 'What are you baking?', []);
    // A repeat send: the persona is this replica's copy.
    expect((await send(teen, conversationId, 'And tomorrow?', [Subjects.CreatorsPersonaGet])).asked).toEqual(
      [],
    );
    await services.client.request(Subjects.CreatorsAudienceSet, {
      actor: owner,
      creatorId,
      audienceMinimum: '18+',
    });
    try {
      expect(await settled(DurableSubjects.ChatInferencePersonaChanged)).toEqual({ acked: 1 });
      await expect(send(teen, conversationId, 'Hello?', [])).rejects.toMatchObject({
        code: ErrorCode.AudienceMinimumNotMet,
      });
    } finally {
      await services.client.request(Subjects.CreatorsAudienceSet, {
        actor: owner,
        creatorId,
        audienceMinimum: '13+',
      });
      await settled(DurableSubjects.ChatInferencePersonaChanged);
    }
  });

  it('a subscription started at Stripe reaches the free tier at once through chat-inference.subscription.changed', async () => {
    const fan: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };
    const conversationId = await open(fan);
    const used = async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT "queryCount" AS n FROM chat_inference.user_rate_limits WHERE "userId" = $1`,
          [fan.userId],
        )
      ).rows[0]?.n ?? 0;
    // Under the limit, not subscribed: counted, and the copy now says "not subscribed".
    await send(fan, conversationId, 'one', []);
    expect(await used()).toBe(1);
    // The fan subscribes: Stripe's events, applied by billing's durable consumer, which announces each.
    const start = Math.floor(Date.now() / 1000) - 60;
    const { checkout, subscription, invoice } = subscriptionObjects({ userId: fan.userId, creatorId }, start);
    const events = [
      stripeEvent('checkout.session.completed', start, checkout),
      stripeEvent('customer.subscription.updated', start, subscription('active', null)),
      stripeEvent('invoice.paid', start, invoice),
    ];
    for (const event of events)
      await billingQueue.publish(DurableSubjects.BillingStripeEventReceived, event as never, {
        dedupeId: (event as { id: string }).id,
      });
    await waitFor(
      async () =>
        ((await durableStates(DurableSubjects.ChatInferenceSubscriptionChanged))['acked'] ?? 0) >=
          events.length || undefined,
      { what: 'the announcements acked' },
    );
    // The copy is gone: billing is asked before the send, which is not counted (with the copy it
    // would have been: the fan is under the limit, so no refusal would have asked billing).
    expect((await send(fan, conversationId, 'two', [Subjects.BillingSubscriptionGetActive])).asked).toEqual([
      Subjects.BillingSubscriptionGetActive,
    ]);
    expect(await used()).toBe(1);
    // Billing's answer is the copy now.
    expect((await send(fan, conversationId, 'three', [Subjects.BillingSubscriptionGetActive])).asked).toEqual(
      [],
    );
    expect(await used()).toBe(1);
  });

  it('who may act on a persona is asked of creators each time, not of a send’s copy', async () => {
    const fan: Actor = { userId: randomUUID(), userType: 'guest', groups: [], ageBand: 'adult' };
    await send(fan, await open(fan), 'hello', []);
    // Handed to another user behind creators' back (no announcement): the sends' copy still names
    // the old owner, the preview (the creator's alone) asks creators and knows the new one at once.
    const next: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [next.userId, creatorId]);
    try {
      const preview = (actor: Actor) =>
        services.client.request(Subjects.ChatBoundaryPreview, {
          actor,
          creatorId,
          question: 'What are you baking?',
          boundaries: [],
        });
      await expect(preview(next)).resolves.toBeDefined();
      await expect(preview(owner)).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    } finally {
      await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    }
  });

  it.each([
    [DurableSubjects.ChatInferencePersonaChanged, { creatorId: 'not-an-id' }],
    [DurableSubjects.ChatInferenceSubscriptionChanged, { userId: randomUUID() }],
    [DurableSubjects.ChatInferenceCreatorPaymentChanged, { creatorId: randomUUID(), extra: true }],
  ] as const)('a bad %s is refused clearly and drops nothing', async (subject, payload) => {
    const fan: Actor = { userId: randomUUID(), userType: 'guest', groups: [], ageBand: 'adult' };
    const conversationId = await open(fan);
    await send(fan, conversationId, 'hello', []);
    const before = await durableStates(subject);
    // Publishing: refused before anything is stored.
    await expect(
      chatQueue.publish(subject, payload as never, { dedupeId: `bad-${randomUUID()}` }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed, message: expect.stringMatching(/\w+/) });
    expect(await durableStates(subject)).toEqual(before);
    // Delivered anyway (a publisher built with other contracts): dead-lettered at once, the handler never runs.
    const backend = (
      chatQueue as unknown as { use(): { publish(...args: unknown[]): Promise<unknown> } }
    ).use();
    await backend.publish(subject, JSON.stringify(payload), `bad-${randomUUID()}`, undefined);
    await waitFor(
      async () => ((await durableStates(subject))['dead'] ?? 0) > (before['dead'] ?? 0) || undefined,
      { what: 'the bad message dead-lettered' },
    );
    // The copies still answer: the next send asks no other service.
    const facts = [
      Subjects.CreatorsPersonaGet,
      Subjects.BillingSubscriptionGetActive,
      Subjects.BillingCreatorPaymentGet,
    ];
    expect((await send(fan, conversationId, 'again', facts)).asked).toEqual([]);
  });
});
