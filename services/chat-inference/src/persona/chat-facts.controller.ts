import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DurableHandler, type DurableHandlerOf, ServiceClient } from '@backtalk/kit';
import { type ChatFactChanged, DurableSubjects, type EventPayloadOf, Events } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { ChatFacts } from './chat-facts';

/**
 * A queue group of this process's own: every replica takes each `chat-inference.fact.changed`
 * and drops its copy (the service's shared group would give it to one replica).
 */
const OWN_QUEUE = `chat-inference-fact-copies-${randomUUID()}`;

/**
 * The owners' durable announcements of the facts a send reads (docs/architecture.md, "Facts a send
 * reads from other services"): one replica's durable consumer takes each, drops its own copy and
 * hands it to every replica with the fire-and-forget `chat-inference.fact.changed`. A broadcast that
 * is lost leaves a copy at most CHAT_FACTS_TTL_SECONDS old; one that cannot be sent is logged, not retried
 * (retrying the durable message could not reach a replica the broadcast missed either).
 */
@Controller()
export class ChatFactsController {
  private readonly logger = new Logger(ChatFactsController.name);

  constructor(
    private readonly facts: ChatFacts,
    private readonly client: ServiceClient,
  ) {}

  @DurableHandler(DurableSubjects.ChatInferencePersonaChanged)
  async personaChanged(
    ...[{ creatorId }]: Parameters<DurableHandlerOf<typeof DurableSubjects.ChatInferencePersonaChanged>>
  ): Promise<void> {
    await this.announce({ fact: 'persona', creatorId });
  }

  @DurableHandler(DurableSubjects.ChatInferenceSubscriptionChanged)
  async subscriptionChanged(
    ...[{ userId, creatorId }]: Parameters<
      DurableHandlerOf<typeof DurableSubjects.ChatInferenceSubscriptionChanged>
    >
  ): Promise<void> {
    await this.announce({ fact: 'subscription', userId, creatorId });
  }

  @DurableHandler(DurableSubjects.ChatInferenceCreatorPaymentChanged)
  async creatorPaymentChanged(
    ...[{ creatorId }]: Parameters<
      DurableHandlerOf<typeof DurableSubjects.ChatInferenceCreatorPaymentChanged>
    >
  ): Promise<void> {
    await this.announce({ fact: 'creator-payment', creatorId });
  }

  @EventPattern(Events.ChatFactChanged, { queue: OWN_QUEUE })
  changed(@Payload() change: EventPayloadOf<typeof Events.ChatFactChanged>): void {
    this.facts.changed(change);
  }

  private async announce(change: ChatFactChanged): Promise<void> {
    this.facts.changed(change);
    await this.client
      .emit(Events.ChatFactChanged, change)
      .catch((error: unknown) =>
        this.logger.warn(`Could not hand a ${change.fact} change to the replicas: ${String(error)}`),
      );
  }
}
