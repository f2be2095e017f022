import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects, type ParsedRequestOf, type ReplyOf, Subjects, isAdmin } from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';

/**
 * Pausing a persona (docs/safety.md, "Reports"): the creator's own user (on /creator/safety) or an
 * admin (acting on a report) sets it; creators owns the fact and hands each change durably to
 * chat-inference, whose sends refuse a paused persona. The change is written first, then
 * announced: when the announcement cannot be stored the caller is told to try again, and setting
 * the same state again announces it again.
 */
@Controller()
export class PersonaPauseController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.CreatorsPersonaPauseSet)
  async set(
    @Payload() { actor, creatorId, paused }: ParsedRequestOf<typeof Subjects.CreatorsPersonaPauseSet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsPersonaPauseSet>> {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId && !isAdmin(actor)) throw CreatorError.notYourPersona();
    const changedAt = new Date().toISOString();
    const updated = (await this.creators.setPaused(creatorId, paused)) ?? creator;
    const pausedAt = updated.pausedAt?.toISOString() ?? null;
    await this.queue.publish(
      DurableSubjects.ChatInferencePersonaPauseChanged,
      { creatorId, pausedAt, changedAt },
      { dedupeId: `persona-pause:${creatorId}:${changedAt}` },
    );
    return { creatorId, pausedAt };
  }
}
