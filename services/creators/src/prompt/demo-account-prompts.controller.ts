import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, Subjects } from '@backtalk/proto';
import { DemoAccountPromptsService } from './demo-account-prompts.service';

@Controller()
export class DemoAccountPromptsController {
  constructor(private readonly demoAccounts: DemoAccountPromptsService) {}

  @MessagePattern(Subjects.CreatorsDemoAccountList)
  async list(@Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsDemoAccountList>) {
    return { demoAccounts: await this.demoAccounts.list(actor) };
  }

  @MessagePattern(Subjects.CreatorsDemoAccountPromptUpdate)
  updatePrompt(
    @Payload()
    { actor, creatorId, creatorPrompt }: ParsedRequestOf<typeof Subjects.CreatorsDemoAccountPromptUpdate>,
  ) {
    return this.demoAccounts.updatePrompt(actor, creatorId, creatorPrompt);
  }
}
