import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForbiddenError } from '@backtalk/kit';
import { isAdmin, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorCorpus } from '../persona/creator-corpus';
import { CreatorFunnelRepository } from './creator-funnel.repository';

/** A creator's chat funnel figures, for that creator's own user or an admin only. */
@Controller()
export class CreatorFunnelController {
  constructor(
    private readonly corpus: CreatorCorpus,
    private readonly funnel: CreatorFunnelRepository,
  ) {}

  @MessagePattern(Subjects.ChatCreatorFunnelGet)
  async get(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.ChatCreatorFunnelGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatCreatorFunnelGet>> {
    // The creator's user comes from creators (CREATOR_NOT_FOUND for an unknown creator).
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== actor.userId && !isAdmin(actor)) {
      throw new ForbiddenError('Only the creator can see their chat figures.');
    }
    return this.funnel.funnel(creatorId, persona.userId);
  }
}
