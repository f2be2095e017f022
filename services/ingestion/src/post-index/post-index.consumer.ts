import { Injectable } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { PostIndexBuilder } from './post-index.builder';

/**
 * Ingestion's durable consumer of `ingestion.creator-posts.changed`: one replica takes each
 * message and acks it once the creator is indexed; a failed run (creators or the index away, the
 * embedding model failing) throws, so the message is redelivered with backoff. Handling one twice
 * is harmless (docs/architecture.md, "Post index").
 */
@Injectable()
export class PostIndexConsumer {
  constructor(private readonly builder: PostIndexBuilder) {}

  @DurableHandler(DurableSubjects.IngestionCreatorPostsChanged)
  async postsChanged(
    ...[{ creatorId }]: Parameters<DurableHandlerOf<typeof DurableSubjects.IngestionCreatorPostsChanged>>
  ): Promise<void> {
    await this.builder.indexCreator(creatorId);
  }
}
