import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { GuestDataRepository } from './guest-data.repository';

@Controller()
export class GuestDataController {
  constructor(private readonly guestData: GuestDataRepository) {}

  /**
   * identity, when a guest signs up or signs in (spec §3 GuestUser.convertedToUser):
   * the guest's conversations and free-tier usage become the account's.
   * Only identity may publish this subject (NATS permissions, docs/security.md 7.13).
   */
  @MessagePattern(Subjects.ChatGuestDataTransfer)
  transfer(
    @Payload() { guestUserId, userId }: ParsedRequestOf<typeof Subjects.ChatGuestDataTransfer>,
  ): Promise<ReplyOf<typeof Subjects.ChatGuestDataTransfer>> {
    return this.guestData.transfer(guestUserId, userId);
  }
}
