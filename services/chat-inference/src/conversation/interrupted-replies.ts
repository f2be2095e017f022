import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { errorMessage } from '@backtalk/ai';
import { ChatInferenceConfig } from '../chat-inference.config';
import { ABANDONED_AFTER_MS, MessageRepository } from './message.repository';

/** How often every replica looks for replies a dead replica left streaming. */
const SWEEP_INTERVAL_MS = 10_000;

/**
 * Replies a crash cut off (issue 21 item 2b) end as failed, give back their free-tier message
 * and stop counting against the fan's reply cap (MessageRepository.failInterrupted):
 *
 * - at start in standalone mode, every reply still streaming — the one process that worked on
 *   them is gone, and this one has not taken a send yet (the gateway listens after the services);
 * - in cluster mode, at start and then every SWEEP_INTERVAL_MS, the replies nobody has touched
 *   for ABANDONED_AFTER_MS: a live replica touches its replies every REPLY_TOUCH_MS, so these
 *   were a dead replica's (the gateway has already ended their fans' streams: REPLY_LIVENESS_MS).
 */
@Injectable()
export class InterruptedReplies implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InterruptedReplies.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly messages: MessageRepository,
    private readonly config: ChatInferenceConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const standalone = this.config.BACKTALK_MODE === 'standalone';
    await this.sweep(standalone ? 0 : ABANDONED_AFTER_MS);
    this.timer = setInterval(() => void this.sweep(ABANDONED_AFTER_MS), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private async sweep(idleMs: number): Promise<void> {
    try {
      const { replies, fans } = await this.messages.failInterrupted(idleMs);
      if (replies > 0) {
        this.logger.warn(
          `${replies} replies to ${fans} fans were cut off when a process stopped without finishing them: marked failed, their free-tier messages given back`,
        );
      }
    } catch (error) {
      this.logger.warn(`Could not end the replies of a stopped process: ${errorMessage(error)}`);
    }
  }
}
