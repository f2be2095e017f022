import { Controller, INestApplicationContext, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ErrorCode,
  Subjects,
  fragmentId,
  type MessageStreamEvent,
  type ParsedRequestOf,
} from '@backtalk/proto';
import { describeWithNats, testNatsUrl } from '@backtalk/testing';
import type { Subscription } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { Observable, defer, firstValueFrom, from, toArray } from 'rxjs';
import {
  BaseConfig,
  DrainingNatsServer,
  InProcessServer,
  NotFoundError,
  processBus,
  RequestContext,
  ServiceClient,
  ServiceError,
  ServiceKitModule,
  TRANSPORT_CLIENT,
} from '@backtalk/kit';

const actor = { userId: randomUUID(), userType: 'guest' as const, groups: [] };
const received: unknown[] = [];
/** The request id each streamed reply's work ran under (read when the stream is subscribed to). */
const streamedUnder: (string | undefined)[] = [];

@Controller()
class ProbeController {
  /** Echoes the caller's request id as the flag name, to show it crossed the hop. */
  @MessagePattern(Subjects.FeatureFlagsFlagGet)
  flag(@Payload() payload: ParsedRequestOf<typeof Subjects.FeatureFlagsFlagGet>) {
    received.push(payload);
    return { name: RequestContext.requestId() ?? payload.name, enabled: true };
  }

  @MessagePattern(Subjects.CreatorsCreatorGet)
  creator(): never {
    throw new NotFoundError('Creator not found', ErrorCode.CreatorNotFound);
  }

  @MessagePattern(Subjects.ChatMessageSend)
  send(@Payload() payload: ParsedRequestOf<typeof Subjects.ChatMessageSend>): Observable<MessageStreamEvent> {
    const id = payload.conversationId;
    const many = payload.content[0]?.text === 'many';
    return defer(() => {
      streamedUnder.push(RequestContext.requestId());
      if (many)
        return from(
          Array.from({ length: 500 }, (_, i) => ({
            type: 'fragment' as const,
            text: `${i} `,
            id: fragmentId(id, i),
            ...(i === 499 ? { stopReason: 'end_turn' as const } : {}),
          })),
        );
      return from([
        { type: 'fragment' as const, text: 'Hel', id: fragmentId(id, 0) },
        { type: 'fragment' as const, text: 'lo', id: fragmentId(id, 1) },
        { type: 'fragment' as const, text: '', id: fragmentId(id, 2), stopReason: 'end_turn' as const },
      ]);
    });
  }

  /** Never answers within the test timeout. */
  @MessagePattern(Subjects.CreatorsPostList)
  async slow(): Promise<{ posts: [] }> {
    await new Promise((resolve) => setTimeout(resolve, 1500).unref());
    return { posts: [] };
  }
}

function kitModule(name: string, env: Record<string, string>) {
  @Module({
    imports: [ServiceKitModule.forService({ name, config: BaseConfig, env })],
    controllers: [ProbeController],
  })
  class ProbeModule {}
  return ProbeModule;
}

interface Harness {
  server: INestMicroservice;
  caller: INestApplicationContext;
}

function transportSuite(label: string, setup: () => Promise<Harness>): void {
  describe(label, () => {
    let harness: Harness;
    let client: ServiceClient;

    beforeAll(async () => {
      harness = await setup();
      client = harness.caller.get(ServiceClient);
    });
    afterAll(async () => {
      await harness?.caller.close();
      await harness?.server.close();
    });

    it('answers a valid request with a validated, typed reply', async () => {
      const reply = await client.request(Subjects.FeatureFlagsFlagGet, {
        name: 'bypassSubscriptions',
        environment: 'development',
      });
      expect(reply.enabled).toBe(true);
    });

    it('carries the request id across the hop', async () => {
      const reply = await RequestContext.run('req-42', () =>
        client.request(Subjects.FeatureFlagsFlagGet, { name: 'x', environment: 'production' }),
      );
      expect(reply.name).toBe('req-42');
    });

    it('hands the handler a copy serialised as on the wire', async () => {
      received.length = 0;
      const payload = { name: 'copied', environment: 'development' as const };
      const pending = client.request(Subjects.FeatureFlagsFlagGet, payload);
      payload.name = 'mutated-after-send';
      await pending;
      expect(received).toEqual([{ name: 'copied', environment: 'development' }]);
    });

    it('answers a payload that fails its schema with a typed validation error', async () => {
      const proxy = harness.caller.get<ClientProxy>(TRANSPORT_CLIENT);
      const error = await firstValueFrom(proxy.send(Subjects.FeatureFlagsFlagGet, { name: 42 })).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: ErrorCode.ValidationFailed, service: 'probe' });
      expect((error as { message: string }).message).toMatch(/name/);
      // The service is still up afterwards.
      await expect(
        client.request(Subjects.FeatureFlagsFlagGet, { name: 'ok', environment: 'development' }),
      ).resolves.toBeDefined();
    });

    it('refuses a bad payload before sending it', async () => {
      await expect(
        client.request(Subjects.FeatureFlagsFlagGet, { name: '', environment: 'staging' } as never),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    });

    it('passes typed service errors through with their code and service', async () => {
      const error = await client
        .request(Subjects.CreatorsCreatorGet, { id: randomUUID() })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({
        code: ErrorCode.CreatorNotFound,
        message: 'Creator not found',
        service: 'probe',
      });
    });

    /** Every value of the probe's streamed reply to `text`. */
    const streamed = (text: string, conversationId = randomUUID()) =>
      firstValueFrom(
        client
          .stream(Subjects.ChatMessageSend, { actor, conversationId, content: [{ text }] })
          .pipe(toArray()),
      );

    it('streams many replies in order, then completes', async () => {
      const conversationId = randomUUID();
      const events = await streamed('hi', conversationId);
      expect(events.map((event) => (event.type === 'fragment' ? event.text : ''))).toEqual(['Hel', 'lo', '']);
      expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn', id: `${conversationId}#2` });
    });

    it('streams 500 values to each of 20 concurrent callers, each in order, none lost', async () => {
      const replies = await Promise.all(Array.from({ length: 20 }, () => streamed('many')));
      for (const events of replies)
        expect(events.map((event) => (event.type === 'fragment' ? event.text : ''))).toEqual(
          Array.from({ length: 500 }, (_, i) => `${i} `),
        );
    });

    it("runs a streamed reply's work under the caller's request id", async () => {
      streamedUnder.length = 0;
      await RequestContext.run('req-77', () => streamed('hi'));
      expect(streamedUnder).toEqual(['req-77']);
    });

    it('times out a slow service with an error naming it', async () => {
      const started = Date.now();
      const error = await client
        .request(Subjects.CreatorsPostList, { creatorId: randomUUID() }, 300)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: ErrorCode.ServiceUnavailable, service: 'creators' });
      expect((error as Error).message).toBe('creators did not answer within 300 ms');
      expect(Date.now() - started).toBeLessThan(1400);
    });

    it('fails fast, naming the service, when nobody serves the subject', async () => {
      const error = await client.request(Subjects.BillingHealthCheck, {}, 3000).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: ErrorCode.ServiceUnavailable, service: 'billing' });
      expect((error as Error).message).toBe('billing is unavailable');
    });
  });
}

const quiet = { LOG_LEVEL: 'silent' };

transportSuite('in-process transport', async () => {
  // The process-wide bus, as standalone mode uses it (jest gives each test file its own).
  const bus = processBus;
  const env = { ...quiet, BACKTALK_MODE: 'standalone' };
  const server = await NestFactory.createMicroservice(kitModule('probe', env), {
    strategy: new InProcessServer(bus, 'probe'),
    logger: false,
  });
  await server.listen();
  const caller = await NestFactory.createApplicationContext(kitModule('caller', env), { logger: false });
  return { server, caller };
});

describeWithNats('NATS transport', () => {
  /** The probe service and a caller over the machine's NATS, under a prefix of their own. */
  async function startOverNats(): Promise<Harness> {
    const prefix = `test${randomBytes(4).toString('hex')}.`;
    const env = { ...quiet, BACKTALK_MODE: 'cluster', NATS_URL: testNatsUrl(), NATS_SUBJECT_PREFIX: prefix };
    const server = await NestFactory.createMicroservice(kitModule('probe', env), {
      strategy: new DrainingNatsServer({ servers: testNatsUrl(), queue: 'probe', subjectPrefix: prefix }),
      logger: false,
    });
    await server.listen();
    const caller = await NestFactory.createApplicationContext(kitModule('caller', env), { logger: false });
    return { server, caller };
  }

  transportSuite('over the real NATS server', startOverNats);

  it('keeps every call on one reply subscription and forgets each call once it ends, answered or not', async () => {
    const { server, caller } = await startOverNats();
    try {
      const client = caller.get(ServiceClient);
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          RequestContext.run(`req-${i}`, () =>
            client.request(Subjects.FeatureFlagsFlagGet, { name: 'x', environment: 'development' }),
          ),
        ),
      );
      // Each call got its own reply, all through the one shared reply subscription.
      expect(replies.map((reply) => reply.name)).toEqual(Array.from({ length: 200 }, (_, i) => `req-${i}`));
      const { inbox } = caller.get(TRANSPORT_CLIENT) as unknown as {
        inbox: { handlers: Map<string, unknown>; subscription: Subscription };
      };
      expect(inbox.subscription.getProcessed()).toBeGreaterThanOrEqual(200);
      const timedOut = await client
        .request(Subjects.CreatorsPostList, { creatorId: randomUUID() }, 100)
        .catch((e: unknown) => e);
      expect(timedOut).toMatchObject({ code: ErrorCode.ServiceUnavailable });
      expect(inbox.handlers.size).toBe(0);
    } finally {
      await caller.close();
      await server.close();
    }
  });

  it('drains at shutdown: a request in flight still gets its reply, and later ones find the service gone', async () => {
    const { server, caller } = await startOverNats();
    try {
      const client = caller.get(ServiceClient);
      const inFlight = client.request(Subjects.CreatorsPostList, { creatorId: randomUUID() }, 5000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.close();
      await expect(inFlight).resolves.toEqual({ posts: [] });
      await expect(
        client.request(Subjects.CreatorsPostList, { creatorId: randomUUID() }, 1000),
      ).rejects.toMatchObject({
        code: ErrorCode.ServiceUnavailable,
      });
    } finally {
      await caller.close();
    }
  });
});
