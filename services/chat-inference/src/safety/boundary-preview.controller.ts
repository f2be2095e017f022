import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { BoundaryPreview } from './boundary-preview';

/** The boundary preview on /creator/tools (docs/safety.md, "Creator boundaries"). */
@Controller()
export class BoundaryPreviewController {
  constructor(private readonly preview: BoundaryPreview) {}

  @MessagePattern(Subjects.ChatBoundaryPreview)
  run(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatBoundaryPreview>,
  ): Promise<ReplyOf<typeof Subjects.ChatBoundaryPreview>> {
    return this.preview.run(request);
  }
}
