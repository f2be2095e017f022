import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { SetAge } from './set-age.use-case';

@Controller()
export class AgeController {
  constructor(private readonly setAge: SetAge) {}

  @MessagePattern(Subjects.IdentityAgeSet)
  set(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityAgeSet>,
  ): Promise<ReplyOf<typeof Subjects.IdentityAgeSet>> {
    return this.setAge.execute(request);
  }
}
