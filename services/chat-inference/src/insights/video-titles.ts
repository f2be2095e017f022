import { Inject, Injectable } from '@nestjs/common';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { CHAT_MODEL } from '../persona/persona.tokens';
import { cleanTitle } from './insight-rules';

/** The chat model suggests a video title for questions the creator's posts did not answer. */
@Injectable()
export class VideoTitles {
  constructor(@Inject(CHAT_MODEL) private readonly model: BaseChatModel) {}

  async suggest(label: string, questions: readonly string[]): Promise<string> {
    const reply = await this.model.invoke([
      new SystemMessage(
        'You help a video creator plan videos. Fans asked the questions below and the creator has not ' +
          'answered them yet. Reply with one short, catchy video title (at most 12 words) that answers ' +
          'them all. Reply with the title only.',
      ),
      new HumanMessage(`Topic: ${label}\nQuestions:\n${questions.map((q) => `- ${q}`).join('\n')}`),
    ]);
    return cleanTitle(typeof reply.content === 'string' ? reply.content : reply.text, label);
  }
}
