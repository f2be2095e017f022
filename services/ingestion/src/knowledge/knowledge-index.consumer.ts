import { Injectable } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { PostIndexBuilder } from '../post-index/post-index.builder';

/**
 * Ingestion's durable consumer of `ingestion.creator-knowledge.changed` (docs/creators.md,
 * "Knowledge"): a creator's corrected answers, notes or post exclusions changed, so the creator is
 * indexed again — posts, answers and notes in one run, since a run leaves the index holding
 * exactly what it indexed. A failed run throws and the message is redelivered; the run reads the
 * knowledge as it is then, so a late or repeated message is harmless.
 */
@Injectable()
export class KnowledgeIndexConsumer {
  constructor(private readonly builder: PostIndexBuilder) {}

  @DurableHandler(DurableSubjects.IngestionCreatorKnowledgeChanged)
  async knowledgeChanged(
    ...[{ creatorId }]: Parameters<DurableHandlerOf<typeof DurableSubjects.IngestionCreatorKnowledgeChanged>>
  ): Promise<void> {
    await this.builder.indexCreator(creatorId);
  }
}
