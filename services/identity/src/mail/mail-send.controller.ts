import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { UserRepository } from '../user/user.repository';
import { Mailer } from './mailer';
import { SentMailRepository } from './sent-mail.repository';

/**
 * identity.mail.send: another service emails one of identity's users (the weekly digest, a price
 * change's notice). The address stays in identity; a guest or an account without a confirmed
 * address gets nothing; each idempotency key is sent once.
 */
@Controller()
export class MailSendController {
  constructor(
    private readonly users: UserRepository,
    private readonly sent: SentMailRepository,
    private readonly mailer: Mailer,
  ) {}

  @MessagePattern(Subjects.IdentityMailSend)
  async send(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityMailSend>,
  ): Promise<ReplyOf<typeof Subjects.IdentityMailSend>> {
    const user = await this.users.findOwn(request.userId);
    if (!user?.email || user.isGuest || !user.confirmed) return { sent: false };
    const to = user.email;
    const sent = await this.sent.once(request.idempotencyKey, user.id, (transaction) =>
      this.mailer.send({ to, subject: request.subject, text: request.text }, transaction),
    );
    return { sent };
  }
}
