import { Logger } from '@nestjs/common';
import type { DurableQueue } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';

const logger = new Logger('ChatFactsAnnouncement');

/**
 * Billing's announcements to chat-inference, whose replicas keep copies of two of its facts
 * (docs/architecture.md, "Facts a send reads from other services"). Published once the change is
 * committed, durably: once stored, a chat-inference restart does not lose it. When it cannot be
 * stored at all, the change stands and this only logs: the copies expire within their TTL
 * (30 s) anyway, and a fan who just subscribed is never refused on a copy (the free tier asks
 * billing before refusing). Each call is its own message: dropping a copy twice is harmless.
 */

/** A fan's subscription to a creator may have started or ended. */
export async function announceSubscriptionChanged(
  queue: DurableQueue,
  subscriber: { userId: string; creatorId: string },
): Promise<void> {
  const { userId, creatorId } = subscriber;
  await queue
    .publish(
      DurableSubjects.ChatInferenceSubscriptionChanged,
      { userId, creatorId },
      { dedupeId: `subscription-changed:${userId}:${creatorId}:${randomUUID()}` },
    )
    .catch((error: unknown) =>
      logger.warn(`Could not announce a change of a subscription to ${creatorId}: ${String(error)}`),
    );
}

/** A creator's payment onboarding was recorded anew. */
export async function announceCreatorPaymentChanged(queue: DurableQueue, creatorId: string): Promise<void> {
  await queue
    .publish(
      DurableSubjects.ChatInferenceCreatorPaymentChanged,
      { creatorId },
      { dedupeId: `creator-payment-changed:${creatorId}:${randomUUID()}` },
    )
    .catch((error: unknown) =>
      logger.warn(`Could not announce creator ${creatorId}'s payment onboarding: ${String(error)}`),
    );
}
