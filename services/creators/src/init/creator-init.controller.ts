import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { CreateDemoAccount } from './create-demo-account.use-case';
import { CreatorInitService } from './creator-init.service';

@Controller()
export class CreatorInitController {
  constructor(
    private readonly init: CreatorInitService,
    private readonly createDemo: CreateDemoAccount,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.CreatorsInitStart)
  start(@Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsInitStart>) {
    return this.init.start(actor, creatorId);
  }

  /** Admins: a demo creator from a profile link, initialised by the same pipeline. */
  @MessagePattern(Subjects.CreatorsDemoAccountCreate)
  createDemoAccount(@Payload() input: ParsedRequestOf<typeof Subjects.CreatorsDemoAccountCreate>) {
    return this.createDemo.execute(input);
  }

  @MessagePattern(Subjects.CreatorsInitStatusGet)
  status(@Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsInitStatusGet>) {
    return this.init.status(actor, creatorId);
  }

  /** Internal: ingestion reports a step of a run. */
  @MessagePattern(Subjects.CreatorsInitStatusRecord)
  record(@Payload() input: ParsedRequestOf<typeof Subjects.CreatorsInitStatusRecord>) {
    return this.init.record(input);
  }

  /** Internal: ingestion saves the profile and the generated essence. */
  @MessagePattern(Subjects.CreatorsInitProfileSave)
  saveProfile(@Payload() input: ParsedRequestOf<typeof Subjects.CreatorsInitProfileSave>) {
    return this.init.saveProfile(input);
  }

  /** Internal: ingestion stores a creator's posts (new ones inserted, changed ones updated). */
  @MessagePattern(Subjects.CreatorsPostUpsertMany)
  upsertPosts(@Payload() { creatorId, posts }: ParsedRequestOf<typeof Subjects.CreatorsPostUpsertMany>) {
    return this.init.upsertPosts(creatorId, posts);
  }

  /** Re-fetches one creator's new posts now (its owner or an admin). */
  @MessagePattern(Subjects.CreatorsResyncStart)
  async resync(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsResyncStart>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsResyncStart>> {
    const creator = await this.init.resyncTarget(actor, creatorId);
    const runId = randomUUID();
    await this.queue.publish(
      DurableSubjects.IngestionCreatorResyncRequested,
      { creatorId: creator.id, runId, userId: creator.userId, handle: creator.handle },
      { dedupeId: `creator-resync:${creator.id}:${runId}` },
    );
    return { creatorId: creator.id, runId };
  }
}
