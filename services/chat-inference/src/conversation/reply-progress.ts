import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { errorMessage } from '@backtalk/ai';
import { MessageRepository, REPLY_TOUCH_MS } from './message.repository';

/** How often streaming replies are written to the database, so a crash loses at most this much. */
const PROGRESS_INTERVAL_MS = 750;

/**
 * The periodic save of the replies this process is streaming (issue 13): each
 * reply hands in its text as it grows, and every PROGRESS_INTERVAL_MS the texts
 * that changed are written in one statement for all replies, beside the
 * streams, never awaited by them — one commit per interval instead of one per
 * reply (at 1000 replies, ~1.3 commits/s instead of ~1,300, each waiting for
 * its WAL flush while holding a pool connection). A reply's final save is its
 * own (MessageRepository.saveAssistant); a batch never overwrites a reply that
 * is no longer streaming.
 *
 * It also touches every reply it works on every REPLY_TOUCH_MS, from the stored send to the final
 * save, whether or not its text changed (retrieval, a model queue, a slow first token): a reply
 * left untouched belonged to a process that died (InterruptedReplies, ABANDONED_AFTER_MS).
 */
@Injectable()
export class ReplyProgressWriter implements OnModuleDestroy {
  private readonly logger = new Logger(ReplyProgressWriter.name);
  private readonly changed = new Map<string, { owner: string; text: string }>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private readonly inFlight = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly messages: MessageRepository) {}

  /** This process works on the reply from now until `finish`. */
  begin(id: string): void {
    this.inFlight.add(id);
    if (this.heartbeat !== null) return;
    this.heartbeat = setInterval(() => void this.touch(), REPLY_TOUCH_MS);
    this.heartbeat.unref();
  }

  /** The reply's text so far; written with the next batch. */
  update(owner: string, id: string, text: string): void {
    this.changed.set(id, { owner, text });
    if (this.timer === null) {
      this.timer = setInterval(() => void this.write(), PROGRESS_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /**
   * The reply is finishing: its final save follows, so nothing of it is written
   * any more, and a batch already under way has ended before this resolves.
   */
  async finish(id: string): Promise<void> {
    this.changed.delete(id);
    this.inFlight.delete(id);
    await this.writing;
  }

  onModuleDestroy(): void {
    this.stop();
    this.stopHeartbeat();
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async touch(): Promise<void> {
    if (this.inFlight.size === 0) {
      this.stopHeartbeat();
      return;
    }
    await this.messages.touchStreaming([...this.inFlight]).catch((error: unknown) => {
      this.logger.warn(
        `Could not mark ${this.inFlight.size} replies as still streaming: ${errorMessage(error)}`,
      );
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    if (this.changed.size === 0) {
      this.stop();
      return;
    }
    const batch = [...this.changed].map(([id, { owner, text }]) => ({ id, owner, text }));
    this.changed.clear();
    this.writing = this.messages.saveProgress(batch).catch((error: unknown) => {
      // The next batch, or the reply's final save, carries these texts too.
      this.logger.warn(`Could not save ${batch.length} streaming replies: ${errorMessage(error)}`);
    });
    await this.writing;
    this.writing = null;
  }
}
