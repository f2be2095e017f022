import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ServiceError } from '@backtalk/kit';
import {
  type Actor,
  ErrorCode,
  isAdmin,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { ResyncRounds } from './resync-rounds';

/** /dev/check-all-tiktok: an admin re-syncs every creator now and follows the round. */
@Controller()
export class ResyncRoundController {
  constructor(private readonly rounds: ResyncRounds) {}

  @MessagePattern(Subjects.IngestionResyncRoundStart)
  start(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IngestionResyncRoundStart>,
  ): Promise<ReplyOf<typeof Subjects.IngestionResyncRoundStart>> {
    assertAdmin(actor);
    return this.rounds.start(randomUUID(), () => randomUUID());
  }

  @MessagePattern(Subjects.IngestionResyncRoundGet)
  get(
    @Payload() { actor, roundId }: ParsedRequestOf<typeof Subjects.IngestionResyncRoundGet>,
  ): Promise<ReplyOf<typeof Subjects.IngestionResyncRoundGet>> {
    assertAdmin(actor);
    return this.rounds.get(roundId);
  }
}

function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new ServiceError(ErrorCode.Forbidden, 'Only admins can re-sync every creator.');
}
