import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { FanMemoryService } from './fan-memory.service';

/** The fan's own memories and memory switch; every request is scoped to the actor. */
@Controller()
export class MemoryController {
  constructor(private readonly memory: FanMemoryService) {}

  @MessagePattern(Subjects.ChatMemoryList)
  list(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMemoryList>,
  ): Promise<ReplyOf<typeof Subjects.ChatMemoryList>> {
    return this.memory.list(request);
  }

  @MessagePattern(Subjects.ChatMemoryUpdate)
  update(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMemoryUpdate>,
  ): Promise<ReplyOf<typeof Subjects.ChatMemoryUpdate>> {
    return this.memory.update(request);
  }

  @MessagePattern(Subjects.ChatMemoryDelete)
  delete(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMemoryDelete>,
  ): Promise<ReplyOf<typeof Subjects.ChatMemoryDelete>> {
    return this.memory.delete(request);
  }

  @MessagePattern(Subjects.ChatMemoryForget)
  forget(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMemoryForget>,
  ): Promise<ReplyOf<typeof Subjects.ChatMemoryForget>> {
    return this.memory.forget(request);
  }

  @MessagePattern(Subjects.ChatMemorySettingsSet)
  setEnabled(
    @Payload() request: ParsedRequestOf<typeof Subjects.ChatMemorySettingsSet>,
  ): Promise<ReplyOf<typeof Subjects.ChatMemorySettingsSet>> {
    return this.memory.setEnabled(request);
  }
}
