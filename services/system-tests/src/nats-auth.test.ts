import { Controller, INestApplicationContext, INestMicroservice, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import {
  DurableSubjects,
  ErrorCode,
  type ServiceName,
  Subjects,
  fragmentId,
  serviceNames,
} from '@backtalk/proto';
import {
  BaseConfig,
  DrainingNatsServer,
  DurableHandler,
  DurableQueue,
  DurableQueueModule,
  natsAuthorizationConfig,
  ServiceClient,
  ServiceKitModule,
} from '@backtalk/kit';
import { freePort } from '@backtalk/embedded-db';
import { describeWhenAvailable, waitFor } from '@backtalk/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { firstValueFrom, from, toArray } from 'rxjs';

/**
 * Issue 7 item 13: each service has its own NATS user with its own permissions,
 * checked against a real nats-server started here with the generated
 * authorization block (the machine's shared NATS has no authorization).
 */
const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(
  (candidate) => existsSync(candidate),
);
const describeWithNatsServer = (name: string, fn: () => void): void =>
  describeWhenAvailable('nats-server', NATS_SERVER ? null : 'no nats-server binary found', name, fn);

const prefix = `auth${randomBytes(4).toString('hex')}.`;
const passwords = Object.fromEntries(
  serviceNames.map((service) => [service, randomBytes(24).toString('base64url')]),
) as Record<ServiceName, string>;
const tokenCalls: unknown[] = [];

@Controller()
class IdentityProbe {
  @MessagePattern(Subjects.IdentityTokenRevoke)
  revoke(payload: unknown) {
    tokenCalls.push(payload);
    return { revoked: true };
  }
}

@Controller()
class FlagsProbe {
  @MessagePattern(Subjects.FeatureFlagsFlagGet)
  flag() {
    return { name: 'bypassSubscriptions', enabled: true };
  }
}

@Controller()
class ChatProbe {
  @MessagePattern(Subjects.ChatMessageSend)
  send(payload: { conversationId: string }) {
    const id = payload.conversationId;
    return from(
      Array.from({ length: 5 }, (_, seq) => ({
        type: 'fragment' as const,
        text: seq < 4 ? `part${seq}` : '',
        id: fragmentId(id, seq),
        ...(seq === 4 ? { stopReason: 'end_turn' as const } : {}),
      })),
    );
  }
}

function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nats-server did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

describeWithNatsServer('NATS credentials and permissions per service', () => {
  let dir: string;
  let server: ChildProcess;
  let url: string;
  const apps: (INestMicroservice | INestApplicationContext)[] = [];
  const connections: NatsConnection[] = [];

  const envFor = (service: ServiceName) => ({
    LOG_LEVEL: 'silent',
    BACKTALK_MODE: 'cluster',
    NATS_URL: url,
    NATS_SUBJECT_PREFIX: prefix,
    NATS_USER: service,
    NATS_PASSWORD: passwords[service],
  });

  async function serve(service: ServiceName, controller: new () => unknown): Promise<void> {
    @Module({
      imports: [ServiceKitModule.forService({ name: service, config: BaseConfig, env: envFor(service) })],
      controllers: [controller],
    })
    class ServedModule {}
    const app = await NestFactory.createMicroservice(ServedModule, {
      strategy: new DrainingNatsServer({
        servers: url,
        queue: service,
        subjectPrefix: prefix,
        user: service,
        pass: passwords[service],
      }),
      logger: false,
    });
    await app.listen();
    apps.push(app);
  }

  async function clientOf(service: ServiceName): Promise<ServiceClient> {
    @Module({
      imports: [ServiceKitModule.forService({ name: service, config: BaseConfig, env: envFor(service) })],
    })
    class CallerModule {}
    const app = await NestFactory.createApplicationContext(CallerModule, { logger: false });
    apps.push(app);
    return app.get(ServiceClient);
  }

  async function rawConnection(service: ServiceName): Promise<NatsConnection> {
    const connection = await connect({ servers: url, user: service, pass: passwords[service] });
    connections.push(connection);
    return connection;
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'backtalk-nats-auth-'));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    const config = path.join(dir, 'nats-server.conf');
    writeFileSync(
      config,
      `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(path.join(dir, 'jetstream'))} }\n${natsAuthorizationConfig({ subjectPrefix: prefix, passwords })}`,
    );
    server = spawn(NATS_SERVER!, ['-c', config], { stdio: 'ignore' });
    await waitForPort(port);
    await serve('identity', IdentityProbe);
    await serve('feature-flags', FlagsProbe);
    await serve('chat-inference', ChatProbe);
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close().catch(() => undefined);
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a client without credentials, and one with a wrong password', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/Authorization Violation/i);
    await expect(
      connect({ servers: url, user: 'identity', pass: 'not-the-password-at-all', reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/i);
  });

  it("lets the gateway call identity but not listen on identity's subjects (no impersonating identity)", async () => {
    const gateway = await clientOf('gateway');
    tokenCalls.length = 0;
    await expect(
      gateway.request(Subjects.IdentityTokenRevoke, { refreshToken: 'x'.repeat(43) }),
    ).resolves.toEqual({ revoked: true });
    expect(tokenCalls).toHaveLength(1);

    const raw = await rawConnection('gateway');
    const refused = new Promise<Error>((resolve) => {
      raw.subscribe(`${prefix}${Subjects.IdentityTokenRevoke}`, {
        callback: (error) => {
          if (error) resolve(error);
        },
      });
    });
    await expect(refused).resolves.toMatchObject({
      message: expect.stringMatching(/permissions violation/i),
    });
  });

  it("refuses creators a call to identity's token subjects, which never reach identity", async () => {
    const creators = await clientOf('creators');
    tokenCalls.length = 0;
    await expect(
      creators.request(Subjects.IdentityTokenRevoke, { refreshToken: 'x'.repeat(43) }, 1000),
    ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    expect(tokenCalls).toHaveLength(0);
  });

  it("keeps replies private: a service cannot read another's inbox", async () => {
    const raw = await rawConnection('creators');
    const refused = new Promise<Error>((resolve) => {
      raw.subscribe('_INBOX.gateway.>', {
        callback: (error) => {
          if (error) resolve(error);
        },
      });
    });
    await expect(refused).resolves.toMatchObject({
      message: expect.stringMatching(/permissions violation/i),
    });
  });

  it('lets each kit service work with its own credentials: requests and streamed replies', async () => {
    const chat = await clientOf('chat-inference');
    await expect(
      chat.request(Subjects.FeatureFlagsFlagGet, { name: 'bypassSubscriptions', environment: 'development' }),
    ).resolves.toEqual({ name: 'bypassSubscriptions', enabled: true });

    const gateway = await clientOf('gateway');
    const actor = { userId: randomUUID(), userType: 'guest' as const, groups: [] };
    const events = await firstValueFrom(
      gateway
        .stream(Subjects.ChatMessageSend, { actor, conversationId: randomUUID(), content: [{ text: 'hi' }] })
        .pipe(toArray()),
    );
    expect(events).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
  });

  it('lets the gateway queue durable work for billing, and billing consume it, each with its own credentials', async () => {
    const received: string[] = [];
    @Injectable()
    class StripeEvents {
      @DurableHandler(DurableSubjects.BillingStripeEventReceived)
      async handle(event: { id: string }): Promise<void> {
        received.push(event.id);
      }
    }
    const durableApp = async (service: ServiceName, providers: (new () => unknown)[] = []) => {
      @Module({
        imports: [
          ServiceKitModule.forService({ name: service, config: BaseConfig, env: envFor(service) }),
          DurableQueueModule.forService(),
        ],
        providers,
      })
      class DurableModule {}
      const app = await NestFactory.createApplicationContext(DurableModule, { logger: false });
      apps.push(app);
      return app;
    };
    await durableApp('billing', [StripeEvents]);
    const gateway = (await durableApp('gateway')).get(DurableQueue);
    const event = {
      id: 'evt_auth1',
      type: 'invoice.paid',
      created: 1,
      data: { object: { object: 'invoice' } },
    };
    const options = { dedupeId: event.id };
    await expect(
      gateway.publish(DurableSubjects.BillingStripeEventReceived, event, options),
    ).resolves.toEqual({
      duplicate: false,
    });
    await expect(
      gateway.publish(DurableSubjects.BillingStripeEventReceived, event, options),
    ).resolves.toEqual({
      duplicate: true,
    });
    await waitFor(async () => (received.length === 1 ? true : undefined), {
      timeoutMs: 10_000,
      what: 'billing to consume the event',
    });
    expect(received).toEqual(['evt_auth1']);

    // Creators may not queue work for billing.
    const creators = await rawConnection('creators');
    await expect(
      creators
        .jetstream()
        .publish(`${prefix}${DurableSubjects.BillingStripeEventReceived}`, new TextEncoder().encode('{}'), {
          timeout: 1000,
        }),
    ).rejects.toThrow();
  });
});
