import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PersonaDraftService } from './persona-draft.service';

/** Drafts, preview and publish (docs/creators.md): the caller's own creator only. */
@Controller()
export class PersonaDraftController {
  constructor(private readonly drafts: PersonaDraftService) {}

  @MessagePattern(Subjects.CreatorsDraftGet)
  get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsDraftGet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDraftGet>> {
    return this.drafts.get(actor);
  }

  @MessagePattern(Subjects.CreatorsDraftSave)
  save(
    @Payload() { actor, creatorPrompt, boundaries }: ParsedRequestOf<typeof Subjects.CreatorsDraftSave>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDraftSave>> {
    return this.drafts.save(actor, {
      ...(creatorPrompt !== undefined ? { creatorPrompt } : {}),
      ...(boundaries !== undefined ? { boundaries } : {}),
    });
  }

  @MessagePattern(Subjects.CreatorsDraftPublish)
  publish(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsDraftPublish>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDraftPublish>> {
    return this.drafts.publish(actor);
  }

  @MessagePattern(Subjects.CreatorsDraftDiscard)
  discard(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsDraftDiscard>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDraftDiscard>> {
    return this.drafts.discard(actor);
  }
}
