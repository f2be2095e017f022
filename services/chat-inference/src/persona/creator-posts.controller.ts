import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type EventPayloadOf, Events } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { ChatFacts } from './chat-facts';
import type { CreatorPostsCopy } from './creator-posts.copy';
import { CREATOR_POSTS_COPY } from './persona.tokens';

/**
 * A queue group of this process's own: each replica keeps its own copy, so every replica takes
 * each event (the service's shared group would hand it to one).
 */
const OWN_QUEUE = `chat-inference-posts-copy-${randomUUID()}`;

/**
 * `creators.posts.changed` (fire-and-forget) for this process's copy of creators' posts, where
 * there is one: a changed creator is read again, a deleted one dropped. A lost event leaves the
 * copy to the posts version and the byte budget. The replica's copy of the persona reply goes too:
 * its posts version changed (a lost event leaves it at most CHAT_FACTS_TTL_SECONDS old).
 */
@Controller()
export class CreatorPostsController {
  private readonly logger = new Logger(CreatorPostsController.name);

  constructor(
    @Inject(CREATOR_POSTS_COPY) private readonly copy: CreatorPostsCopy | null,
    private readonly facts: ChatFacts,
  ) {}

  @EventPattern(Events.CreatorsPostsChanged, { queue: OWN_QUEUE })
  async postsChanged(
    @Payload() { creatorId }: EventPayloadOf<typeof Events.CreatorsPostsChanged>,
  ): Promise<void> {
    this.facts.changed({ fact: 'persona', creatorId });
    await this.copy
      ?.changed(creatorId)
      .catch((error: unknown) =>
        this.logger.warn(`Could not update the copy of creator ${creatorId}'s posts: ${String(error)}`),
      );
  }
}
