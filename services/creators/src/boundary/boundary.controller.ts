import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue, ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import { toBoundary } from './boundary.mapper';
import { BoundaryRepository } from './boundary.repository';

/**
 * A creator's boundaries (docs/safety.md, "Creator boundaries"), read and replaced on
 * /creator/tools by the creator's own user only. chat-inference reads them with the persona
 * (creators.persona.get) at each send and keeps a copy, so a change is announced to it
 * (chat-inference.persona.changed) and applies from the next reply on.
 */
@Controller()
export class BoundaryController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly boundaries: BoundaryRepository,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.CreatorsBoundariesGet)
  async get(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsBoundariesGet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsBoundariesGet>> {
    await this.assertOwner(actor, creatorId);
    return { creatorId, boundaries: (await this.boundaries.list(creatorId)).map(toBoundary) };
  }

  @MessagePattern(Subjects.CreatorsBoundariesSet)
  async set(
    @Payload() { actor, creatorId, boundaries }: ParsedRequestOf<typeof Subjects.CreatorsBoundariesSet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsBoundariesSet>> {
    await this.assertOwner(actor, creatorId);
    const saved = await this.boundaries.replace(creatorId, boundaries);
    if (!saved) throw CreatorError.notFound();
    await announcePersonaChanged(this.queue, creatorId);
    return { creatorId, boundaries: saved.map(toBoundary) };
  }

  private async assertOwner(actor: Actor, creatorId: string): Promise<void> {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId)
      throw new ServiceError(
        ErrorCode.Forbidden,
        "Only the creator can see and change their persona's boundaries.",
      );
  }
}
