import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  Optional,
  SetMetadata,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import {
  type DurablePayloadOf,
  type DurableSubject,
  ErrorCode,
  durableContracts,
  durableOwner,
} from '@backtalk/proto';
import { DataSource } from 'typeorm';
import { BaseConfig } from '../config/service-config';
import { InternalFailure, ServiceError, ValidationError } from '../errors/service-error';
import { describeZodIssues } from '../errors/zod-issues';
import { RequestContext } from '../logging/request-context';
import {
  type DurableDelivery,
  type DurableHandlerFn,
  durableSettings,
  runDelivery,
} from './durable-delivery';
import { JetStreamDurableBackend } from './durable-jetstream';
import { PostgresDurableBackend } from './durable-postgres';
import { processBus } from './in-process.bus';
import { natsCredentials, natsInboxPrefix } from './nats-permissions';
import { SERVICE_NAME } from './transport.tokens';

export type { DurableDelivery } from './durable-delivery';

const DURABLE_HANDLER = 'backtalk:durable-handler';

/**
 * Marks a provider's method as the consumer of a durable subject. It receives
 * the payload parsed by the subject's schema in `proto/` and the delivery
 * (dedupe id, delivery count); returning acks the message, throwing has it
 * redelivered with backoff. Handlers must be idempotent: a message can arrive
 * more than once (see docs/architecture.md, "Durable work").
 */
export function DurableHandler(subject: DurableSubject): MethodDecorator {
  return SetMetadata(DURABLE_HANDLER, subject);
}

/** A handler's signature for a subject: `(payload: DurablePayloadOf<S>, delivery) => Promise<void>`. */
export type DurableHandlerOf<S extends DurableSubject> = (
  payload: DurablePayloadOf<S>,
  delivery: DurableDelivery,
) => Promise<void>;

type Backend = JetStreamDurableBackend | PostgresDurableBackend;

/**
 * Durable work for one service: `publish` stores a message in the consuming
 * service's stream and resolves once it is stored; `@DurableHandler` methods
 * consume it. JetStream in cluster mode, the consumer's PostgreSQL schema in
 * standalone mode; the calling code is the same in both.
 */
@Injectable()
export class DurableQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DurableQueue.name);
  private backend: Backend | undefined;

  constructor(
    private readonly config: BaseConfig,
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  /**
   * Stores `payload` for the subject's consumer. `dedupeId` names the message:
   * another publish with the same id within the dedupe window is dropped
   * (`duplicate: true`). Rejects when the message could not be stored.
   */
  async publish<S extends DurableSubject>(
    subject: S,
    payload: DurablePayloadOf<S>,
    options: { dedupeId: string },
  ): Promise<{ duplicate: boolean }> {
    const checked = durableContracts[subject].safeParse(payload);
    if (!checked.success) throw new ValidationError(describeZodIssues(checked.error), checked.error.issues);
    const owner = durableOwner(subject);
    try {
      return await this.use().publish(
        subject,
        JSON.stringify(payload),
        options.dedupeId,
        RequestContext.requestId(),
      );
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw new InternalFailure(
        ErrorCode.ServiceUnavailable,
        `${owner} could not store the message: ${(error as Error).message}`,
        owner,
      );
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const { subject, handler } of this.discoverHandlers()) {
      const settings = durableSettings(this.config);
      await this.use().consume(subject, (delivery) =>
        runDelivery(delivery, handler, settings, this.logger, this.service),
      );
      this.logger.log(`${this.service} consumes durable ${subject}`);
    }
  }

  /** Stops taking messages and lets those in hand finish, before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.backend?.close();
    this.backend = undefined;
  }

  private use(): Backend {
    this.backend ??= this.createBackend();
    return this.backend;
  }

  private createBackend(): Backend {
    const settings = durableSettings(this.config);
    if (this.config.BACKTALK_MODE === 'standalone') {
      return new PostgresDurableBackend(
        processBus,
        this.dataSource,
        settings,
        this.logger,
        this.service,
        this.config.REQUEST_TIMEOUT_MS,
        this.config.DURABLE_CONCURRENCY,
      );
    }
    return new JetStreamDurableBackend(
      {
        servers: this.config.NATS_URL,
        name: `${this.service}-durable`,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        ...natsCredentials(this.config),
        inboxPrefix: natsInboxPrefix(this.service),
      },
      this.config.NATS_SUBJECT_PREFIX,
      settings,
      this.logger,
      this.config.REQUEST_TIMEOUT_MS,
    );
  }

  private discoverHandlers(): { subject: DurableSubject; handler: DurableHandlerFn }[] {
    const found = new Map<DurableSubject, DurableHandlerFn>();
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = prototype[name];
        if (typeof method !== 'function') continue;
        const subject = Reflect.getMetadata(DURABLE_HANDLER, method) as DurableSubject | undefined;
        if (!subject) continue;
        if (found.has(subject)) throw new Error(`Two @DurableHandler methods consume ${subject}`);
        found.set(subject, (payload, delivery) =>
          (method as DurableHandlerFn).call(instance, payload, delivery),
        );
      }
    }
    return [...found].map(([subject, handler]) => ({ subject, handler }));
  }
}

/**
 * Import once in a service that publishes or consumes durable work; it finds
 * the `@DurableHandler` methods of the service's providers at start.
 */
@Global()
@Module({})
export class DurableQueueModule {
  static forService(): DynamicModule {
    return {
      module: DurableQueueModule,
      imports: [DiscoveryModule],
      providers: [DurableQueue],
      exports: [DurableQueue],
    };
  }
}
