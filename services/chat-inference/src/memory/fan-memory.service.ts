import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue, ServiceError } from '@backtalk/kit';
import {
  type Actor,
  DurableSubjects,
  ErrorCode,
  type FanMemory,
  type ParsedRequestOf,
  type ReplyOf,
  type Subjects,
} from '@backtalk/proto';
import { errorMessage } from '@backtalk/ai';
import type { MemoryRead } from '../conversation/message.repository';
import { audienceOfActor } from '../safety/chat-moderation';
import { memoryBlock, memoryEnabled } from './memory-rules';
import { MemoryRepository, type StoredMemory } from './memory.repository';

type RequestOf<S extends keyof typeof Subjects> = ParsedRequestOf<(typeof Subjects)[S]>;
type Reply<S extends keyof typeof Subjects> = ReplyOf<(typeof Subjects)[S]>;

/**
 * What a persona remembers about a fan (issue 24 item 2; docs/safety.md, "Memory"): the fan's own
 * list, per creator, that only they read and change; the prompt's memory block; and, after each
 * turn, the durable job that learns from it (RememberTurn).
 */
@Injectable()
export class FanMemoryService {
  private readonly logger = new Logger(FanMemoryService.name);

  constructor(
    private readonly memories: MemoryRepository,
    private readonly queue: DurableQueue,
  ) {}

  async list({ actor, creatorId }: RequestOf<'ChatMemoryList'>): Promise<Reply<'ChatMemoryList'>> {
    const [memories, enabled] = await Promise.all([
      this.memories.list(actor.userId, creatorId),
      this.enabledFor(actor),
    ]);
    return { memories: memories.map(toFanMemory), enabled };
  }

  async update({ actor, memoryId, text }: RequestOf<'ChatMemoryUpdate'>): Promise<Reply<'ChatMemoryUpdate'>> {
    const updated = await this.memories.update(actor.userId, memoryId, text);
    if (!updated) throw memoryNotFound();
    return toFanMemory(updated);
  }

  async delete({ actor, memoryId }: RequestOf<'ChatMemoryDelete'>): Promise<Reply<'ChatMemoryDelete'>> {
    if (!(await this.memories.delete(actor.userId, memoryId))) throw memoryNotFound();
    return { deleted: true };
  }

  async forget({ actor, creatorId }: RequestOf<'ChatMemoryForget'>): Promise<Reply<'ChatMemoryForget'>> {
    return { deleted: await this.memories.forget(actor.userId, creatorId) };
  }

  async setEnabled({
    actor,
    enabled,
  }: RequestOf<'ChatMemorySettingsSet'>): Promise<Reply<'ChatMemorySettingsSet'>> {
    await this.memories.setChoice(actor.userId, enabled);
    return { enabled };
  }

  /**
   * The prompt's memory block from what `send_turn` read of the fan's memory (their switch and
   * their memories of this creator, newest first); '' when memory is off or empty.
   */
  promptBlock(actor: Actor, memory: MemoryRead): string {
    return memoryEnabled(memory.choice, isMinor(actor)) ? memoryBlock(memory.facts) : '';
  }

  /** After a turn: queues the job that learns from the fan's message, when memory is on for them. */
  async afterTurn(actor: Actor, creatorId: string, messageId: string): Promise<void> {
    try {
      if (!(await this.enabledFor(actor))) return;
      await this.queue.publish(
        DurableSubjects.ChatInferenceMemoryTurnSent,
        { userId: actor.userId, creatorId, messageId, minor: isMinor(actor) },
        { dedupeId: messageId },
      );
    } catch (error) {
      this.logger.warn(`Could not queue the memory job of message ${messageId}: ${errorMessage(error)}`);
    }
  }

  private async enabledFor(actor: Actor): Promise<boolean> {
    return memoryEnabled(await this.memories.choice(actor.userId), isMinor(actor));
  }
}

function isMinor(actor: Actor): boolean {
  return audienceOfActor(actor) === 'minor';
}

function memoryNotFound(): ServiceError {
  // Not found whether it does not exist or is another fan's: ids reveal nothing.
  return new ServiceError(ErrorCode.NotFound, 'This memory was not found. Reload the list.');
}

function toFanMemory(memory: StoredMemory): FanMemory {
  return {
    id: memory.id,
    creatorId: memory.creatorId,
    text: memory.text,
    createdAt: memory.createdAt.toISOString(),
    updatedAt: memory.updatedAt.toISOString(),
  };
}
