import type { Logger } from '@nestjs/common';
import type { DurableQueue, ServiceClient } from '@backtalk/kit';
import { DurableSubjects, Events } from '@backtalk/proto';

export interface PostsChangedAnnouncer {
  queue: DurableQueue;
  client: ServiceClient;
  logger: Logger;
}

/**
 * Tells the other services that a creator's posts changed, once the change is committed. First
 * durably to ingestion (`ingestion.creator-posts.changed`): the post index, and so retrieval and
 * the erasure of a deleted creator's posts, depend on it, so this rejects when the message could
 * not be stored and the caller's work is retried. Then the fire-and-forget
 * `creators.posts.changed` for per-process copies (chat-inference's CreatorPostsCopy), whose loss
 * leaves a copy that the posts version or its byte budget replaces later.
 *
 * `change` names the change (the posts version after it, or `erased`): announcing the same change
 * twice within the dedupe window is one message.
 */
export async function announcePostsChanged(
  { queue, client, logger }: PostsChangedAnnouncer,
  creatorId: string,
  change: string,
): Promise<void> {
  await queue.publish(
    DurableSubjects.IngestionCreatorPostsChanged,
    { creatorId },
    { dedupeId: `posts-changed:${creatorId}:${change}` },
  );
  await client
    .emit(Events.CreatorsPostsChanged, { creatorId })
    .catch((error: unknown) =>
      logger.warn(
        `Could not tell the post copies that creator ${creatorId}'s posts changed: ${String(error)}`,
      ),
    );
}
