import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type EventPayloadOf, Events } from '@backtalk/proto';
import { PostIndexBuilder } from './post-index.builder';

/**
 * `creators.posts.changed` over core NATS (a queue group, so one replica takes
 * each event); it predates the kit's durable work (DurableQueue). A lost event is
 * repaired by the next one for that creator or by the fill at start; handling
 * one twice is harmless (docs/architecture.md, "Post index").
 */
@Controller()
export class PostIndexController {
  private readonly logger = new Logger(PostIndexController.name);

  constructor(private readonly builder: PostIndexBuilder) {}

  @EventPattern(Events.CreatorsPostsChanged)
  async postsChanged(
    @Payload() { creatorId }: EventPayloadOf<typeof Events.CreatorsPostsChanged>,
  ): Promise<void> {
    try {
      await this.builder.indexCreator(creatorId);
    } catch (error) {
      this.logger.error(`Could not index the posts of creator ${creatorId}: ${(error as Error).message}`);
    }
  }
}
