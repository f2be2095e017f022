import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { ReplySampling } from './reply-sampling.service';

/** Sampled replies: the creator's review and the fan's switch; authorization is in ReplySampling. */
@Controller()
export class ReplySamplesController {
  constructor(private readonly sampling: ReplySampling) {}

  @MessagePattern(Subjects.ChatReplySampleList)
  list(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReplySampleList>,
  ): Promise<ReplyOf<typeof Subjects.ChatReplySampleList>> {
    return this.sampling.list(request);
  }

  @MessagePattern(Subjects.ChatReplySampleRate)
  rate(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReplySampleRate>,
  ): Promise<ReplyOf<typeof Subjects.ChatReplySampleRate>> {
    return this.sampling.rate(request);
  }

  @MessagePattern(Subjects.ChatReplySamplingGet)
  setting(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReplySamplingGet>,
  ): Promise<ReplyOf<typeof Subjects.ChatReplySamplingGet>> {
    return this.sampling.setting(request);
  }

  @MessagePattern(Subjects.ChatReplySamplingSet)
  setSetting(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatReplySamplingSet>,
  ): Promise<ReplyOf<typeof Subjects.ChatReplySamplingSet>> {
    return this.sampling.setSetting(request);
  }
}
