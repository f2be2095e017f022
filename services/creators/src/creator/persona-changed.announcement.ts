import { Logger } from '@nestjs/common';
import type { DurableQueue } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';

const logger = new Logger('PersonaChanged');

/**
 * Tells chat-inference, once the change is stored, that something in the persona reply it reads at
 * each send (`creators.persona.get`: prompts, boundaries, age rating, `initComplete`, name, avatar,
 * the creator being gone) changed: every replica drops its copy (docs/architecture.md, "Facts a send
 * reads from other services"). Durable: once stored, a chat-inference restart or a busy replica
 * does not lose it. When it cannot be stored at all (the queue away), the write stands and this only
 * logs: the replicas' copies expire within their TTL (CHAT_FACTS_TTL_SECONDS, 30 s by default)
 * whether or not the caller is told, so failing a committed write would make nothing fresher. Each
 * call is its own message.
 */
export async function announcePersonaChanged(queue: DurableQueue, creatorId: string): Promise<void> {
  await queue
    .publish(
      DurableSubjects.ChatInferencePersonaChanged,
      { creatorId },
      { dedupeId: `persona-changed:${creatorId}:${randomUUID()}` },
    )
    .catch((error: unknown) =>
      logger.warn(`Could not announce that creator ${creatorId}'s persona changed: ${String(error)}`),
    );
}
