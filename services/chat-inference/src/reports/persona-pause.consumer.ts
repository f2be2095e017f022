import { Injectable } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { ChatStandingRepository } from './chat-standing.repository';

/**
 * chat-inference's durable consumer of creators' persona pauses: keeps the read copy the sends
 * check. Applying one twice, or an older one after a newer, changes nothing.
 */
@Injectable()
export class PersonaPauseConsumer {
  constructor(private readonly standing: ChatStandingRepository) {}

  @DurableHandler(DurableSubjects.ChatInferencePersonaPauseChanged)
  async changed(
    ...[change]: Parameters<DurableHandlerOf<typeof DurableSubjects.ChatInferencePersonaPauseChanged>>
  ): Promise<void> {
    await this.standing.applyPauseChange(change);
  }
}
