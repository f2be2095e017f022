import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, Subjects } from '@backtalk/proto';
import { InboxRepository } from './inbox.repository';
import { emailDue } from './inbox-rules';

/**
 * Emails the fan about an in-person reply when their chat is not open anywhere (no fresh watch),
 * through identity's mail port (identity.mail.send: the address stays in identity, a guest or an
 * account without a confirmed address gets nothing). One email per conversation and hour at most,
 * by its idempotency key, so a creator writing several messages in a row sends one.
 */
@Injectable()
export class InPersonMail {
  constructor(
    private readonly repository: InboxRepository,
    private readonly client: ServiceClient,
  ) {}

  async notifyIfAway(fanId: string, conversationId: string, persona: PersonaGetReply): Promise<boolean> {
    const now = new Date();
    const watching = await this.repository.isWatched(conversationId, now);
    // Identity answers `sent: false` for a guest; the rule is asked with what is known here.
    if (!emailDue({ watching, isGuest: false })) return false;
    const hour = now.toISOString().slice(0, 13);
    const { sent } = await this.client.request(Subjects.IdentityMailSend, {
      userId: fanId,
      idempotencyKey: `in-person:${conversationId}:${hour}`,
      subject: `${persona.nickName} replied to you in person on Backtalk`,
      text: [
        `${persona.nickName} read your conversation and wrote to you in person.`,
        '',
        `Read it in your chat with @${persona.handle} on Backtalk.`,
        '',
        'You get this email because you let them read this conversation. You can turn that off in the chat at any time.',
      ].join('\n'),
    });
    return sent;
  }
}
