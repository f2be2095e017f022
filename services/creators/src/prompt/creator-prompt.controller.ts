import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, Subjects } from '@backtalk/proto';
import { CreatorPromptService } from './creator-prompt.service';

@Controller()
export class CreatorPromptController {
  constructor(private readonly prompts: CreatorPromptService) {}

  @MessagePattern(Subjects.CreatorsPromptGet)
  get(@Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsPromptGet>) {
    return this.prompts.get(actor, creatorId);
  }

  @MessagePattern(Subjects.CreatorsPromptUpdate)
  update(
    @Payload() { actor, creatorId, creatorPrompt }: ParsedRequestOf<typeof Subjects.CreatorsPromptUpdate>,
  ) {
    return this.prompts.update(actor, creatorId, creatorPrompt);
  }

  @MessagePattern(Subjects.CreatorsPromptRollback)
  rollback(
    @Payload() { actor, creatorId, versionId }: ParsedRequestOf<typeof Subjects.CreatorsPromptRollback>,
  ) {
    return this.prompts.rollback(actor, creatorId, versionId);
  }
}
