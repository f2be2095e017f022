import { Inject, Injectable, Logger } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { errorMessage } from '@backtalk/ai';
import { CreatorCorpus } from '../persona/creator-corpus';
import { CHAT_MODEL } from '../persona/persona.tokens';
import { extractionPrompt, memoryEnabled, newFacts, parseFacts } from './memory-rules';
import { MemoryRepository } from './memory.repository';

/**
 * The memory job: after a fan's turn, asks the chat model which durable facts the fan shared
 * about themselves and keeps the new ones for that fan and creator. Runs on chat-inference's
 * durable queue, so a model failure is retried; a redelivery stores nothing twice; a fan who
 * turned memory off (or a minor who never turned it on) meanwhile gets nothing stored.
 */
@Injectable()
export class RememberTurn {
  private readonly logger = new Logger(RememberTurn.name);

  constructor(
    private readonly memories: MemoryRepository,
    private readonly corpus: CreatorCorpus,
    @Inject(CHAT_MODEL) private readonly model: BaseChatModel,
  ) {}

  @DurableHandler(DurableSubjects.ChatInferenceMemoryTurnSent)
  async handle(
    ...[turn]: Parameters<DurableHandlerOf<typeof DurableSubjects.ChatInferenceMemoryTurnSent>>
  ): Promise<void> {
    const { userId, creatorId, messageId, minor } = turn;
    if (!memoryEnabled(await this.memories.choice(userId), minor)) return;
    const text = await this.memories.fanMessageText(userId, messageId);
    if (!text?.trim()) return;
    const known = (await this.memories.list(userId, creatorId)).map((memory) => memory.text);
    const name = await this.corpus.persona(creatorId).then(
      (persona) => persona.nickName.trim() || persona.handle,
      (error: unknown) => {
        this.logger.warn(`Could not read creator ${creatorId}'s name for memory: ${errorMessage(error)}`);
        return 'the creator';
      },
    );
    const prompt = extractionPrompt(name, text, known);
    const answer = await this.model.invoke([new SystemMessage(prompt.system), new HumanMessage(prompt.user)]);
    const content =
      typeof answer.content === 'string'
        ? answer.content
        : answer.content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join('');
    const facts = newFacts(known, parseFacts(content));
    // Turned off while the model thought: nothing is kept.
    if (facts.length === 0 || !memoryEnabled(await this.memories.choice(userId), minor)) return;
    await this.memories.remember(userId, creatorId, messageId, facts);
  }
}
