import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue } from '@backtalk/kit';
import { type ParsedRequestOf, type ReplyOf, Subjects, isAdmin } from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';

/**
 * A creator's audience minimum (docs/safety.md, "Age"): set by the creator's own user on
 * /creator/tools, or an admin. Creators owns it; chat-inference reads it with the persona at each
 * send (a copy it drops on chat-inference.persona.changed), so a change applies from the next message on.
 */
@Controller()
export class AudienceController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.CreatorsAudienceSet)
  async set(
    @Payload() { actor, creatorId, audienceMinimum }: ParsedRequestOf<typeof Subjects.CreatorsAudienceSet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsAudienceSet>> {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId && !isAdmin(actor)) throw CreatorError.notYourAudience();
    await this.creators.setAudienceMinimum(creatorId, audienceMinimum);
    await announcePersonaChanged(this.queue, creatorId);
    return { creatorId, audienceMinimum };
  }
}
