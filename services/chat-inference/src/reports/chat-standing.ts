import { Injectable, Logger } from '@nestjs/common';
import { ChatInferenceConfig } from '../chat-inference.config';
import { ChatStandingRepository } from './chat-standing.repository';
import { cooldownDue } from './report-rules';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * A fan's standing in chat (docs/safety.md, "Reports"): whether the fan may send in a conversation
 * (suspended, cooled down, or the persona paused) is answered by `send_turn` in the send's one
 * round trip (MessageRepository.sendTurn, worded by report-rules' `sendRefusal`); moderation tells
 * this each blocked fan message (`recordBlockedMessage`), which cools the fan down after
 * MODERATION_COOLDOWN_AFTER_BLOCKS within MODERATION_COOLDOWN_WINDOW_HOURS.
 */
@Injectable()
export class ChatStanding {
  private readonly logger = new Logger(ChatStanding.name);

  constructor(
    private readonly standing: ChatStandingRepository,
    private readonly config: ChatInferenceConfig,
  ) {}

  /** Counts a fan message moderation blocked; answers the cool-down's end when this one began it. */
  async recordBlockedMessage(fanId: string): Promise<Date | null> {
    const now = Date.now();
    const since = new Date(now - this.config.MODERATION_COOLDOWN_WINDOW_HOURS * HOUR_MS);
    const blocked = await this.standing.recordBlock(fanId, since);
    if (!cooldownDue(blocked, this.config.MODERATION_COOLDOWN_AFTER_BLOCKS)) return null;
    const until = new Date(now + this.config.MODERATION_COOLDOWN_MINUTES * MINUTE_MS);
    await this.standing.coolDown(fanId, until);
    // No message text and no user id beyond the fan's own record (docs/safety.md, "Privacy").
    this.logger.log(`a fan was cooled down after ${blocked} blocked messages`);
    return until;
  }

  /** An admin's cool-down of a reported fan (REPORT_COOLDOWN_HOURS). */
  async coolDownReported(fanId: string): Promise<void> {
    await this.standing.coolDown(fanId, new Date(Date.now() + this.config.REPORT_COOLDOWN_HOURS * HOUR_MS));
  }

  suspend(fanId: string): Promise<void> {
    return this.standing.suspend(fanId);
  }
}
