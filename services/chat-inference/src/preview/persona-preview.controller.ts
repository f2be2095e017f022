import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PersonaPreview } from './persona-preview';

/** /creator/preview's questions to the draft or the published persona (docs/creators.md). */
@Controller()
export class PersonaPreviewController {
  constructor(private readonly preview: PersonaPreview) {}

  @MessagePattern(Subjects.ChatPersonaPreviewAsk)
  ask(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatPersonaPreviewAsk>,
  ): Promise<ReplyOf<typeof Subjects.ChatPersonaPreviewAsk>> {
    return this.preview.ask(request);
  }
}
