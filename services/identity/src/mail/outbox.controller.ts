import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { OutboxRepository } from './outbox.repository';

@Controller()
export class OutboxController {
  constructor(private readonly outbox: OutboxRepository) {}

  /** The development outbox, newest first (emails without SMTP, texts without an SMS provider). */
  @MessagePattern(Subjects.IdentityOutboxList)
  async list(
    @Payload() { limit }: ParsedRequestOf<typeof Subjects.IdentityOutboxList>,
  ): Promise<ReplyOf<typeof Subjects.IdentityOutboxList>> {
    const messages = await this.outbox.newest(limit);
    return {
      messages: messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        text: message.text,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  }
}
