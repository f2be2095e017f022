import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorCorpus } from '../persona/creator-corpus';
import { ChatWeekFiguresRepository } from './week-figures.repository';

/** Internal (creators' weekly digest): a creator's chat figures of one week. */
@Controller()
export class ChatWeekFiguresController {
  constructor(
    private readonly corpus: CreatorCorpus,
    private readonly figures: ChatWeekFiguresRepository,
  ) {}

  @MessagePattern(Subjects.ChatWeekFiguresGet)
  async get(
    @Payload() { creatorId, from, to }: ParsedRequestOf<typeof Subjects.ChatWeekFiguresGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatWeekFiguresGet>> {
    const persona = await this.corpus.persona(creatorId);
    return this.figures.figures(creatorId, persona.userId, new Date(from), new Date(to));
  }
}
