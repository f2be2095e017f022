import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreateGuest } from './create-guest.use-case';

@Controller()
export class GuestController {
  constructor(private readonly createGuest: CreateGuest) {}

  @MessagePattern(Subjects.IdentityGuestCreate)
  create(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityGuestCreate>,
  ): Promise<ReplyOf<typeof Subjects.IdentityGuestCreate>> {
    return this.createGuest.execute(request);
  }
}
