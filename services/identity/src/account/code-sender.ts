import { Injectable } from '@nestjs/common';
import { DurableQueue, type Transaction } from '@backtalk/kit';
import { type CodeDelivery, DurableSubjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { BruteForceGuard, type CodeAllowance } from '../brute-force/brute-force.guard';
import type { EmailCodePurpose, SmsCodePurpose } from '../code/verification-code.entity';
import { VerificationCodeService } from '../code/verification-code.service';
import { codeEmail, maskEmail } from '../mail/code-email';
import { Mailer } from '../mail/mailer';
import { codeSms } from '../sms/code-sms';
import { maskPhone } from '../sms/phone-number';
import { SmsSender } from '../sms/sms-sender';
import type { RequestedCodeEmail } from './requested-code-email';

/** Where a code went, masked (spec §2). */
function emailDelivery(email: string): CodeDelivery {
  return { medium: 'EMAIL', destination: maskEmail(email) };
}

/**
 * Issues a code and emails it, within the hourly allowances of the sender
 * (`sender`: the client address, or the user for signed-in requests) and of
 * the recipient. With `transaction`, the code and an outbox email are written in
 * the caller's transaction, and an SMTP failure rolls it back. A new sign-up's
 * code spends the sender's sign-up allowance (`allowance: 'sign-up'`).
 */
@Injectable()
export class CodeSender {
  constructor(
    private readonly codes: VerificationCodeService,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly limits: BruteForceGuard,
    private readonly queue: DurableQueue,
  ) {}

  async send(
    user: { id: string; email: string },
    purpose: EmailCodePurpose,
    sender: string,
    transaction?: Transaction,
    allowance: CodeAllowance = 'code-email',
  ): Promise<CodeDelivery> {
    await this.limits.takeCodeEmail(sender, user.email, allowance);
    await this.deliver(user, purpose, transaction);
    return emailDelivery(user.email);
  }

  /**
   * Issues a code and texts it to `phone` (E.164), under the same hourly allowances as code
   * emails: the sender's (CODE_EMAILS_PER_ADDRESS) and the recipient number's
   * (CODE_EMAILS_PER_RECIPIENT) — a text costs money, so a number is flooded no more than an inbox.
   */
  async text(
    user: { id: string; phone: string },
    purpose: SmsCodePurpose,
    sender: string,
  ): Promise<CodeDelivery> {
    await this.limits.takeCodeEmail(sender, user.phone);
    const code = await this.codes.issue(user.id, purpose);
    await this.sms.send(codeSms(user.phone, purpose, code, this.codes.lifetimeMinutes));
    return { medium: 'SMS', destination: maskPhone(user.phone) };
  }

  /** A new code for the user and purpose (voiding the last), emailed; the allowances were spent. */
  async deliver(
    user: { id: string; email: string },
    purpose: EmailCodePurpose,
    transaction?: Transaction,
  ): Promise<void> {
    const code = await this.codes.issue(user.id, purpose, transaction);
    await this.mailer.send(codeEmail(user.email, purpose, code, this.codes.lifetimeMinutes), transaction);
  }

  /**
   * Forgot password and sign-up code resends (issue 21 item 14): the sender's and the recipient's
   * allowances are spent and the request is stored on identity's durable queue — the same work,
   * the same answer and so the same time whether or not the email has an account — and what is
   * due is emailed after the answer (SendRequestedCodeEmail). Once stored, a crash does not lose it.
   */
  async request(
    email: string,
    purpose: RequestedCodeEmail['purpose'],
    sender: string,
  ): Promise<CodeDelivery> {
    await this.limits.takeCodeEmail(sender, email);
    await this.queue.publish(
      DurableSubjects.IdentityCodeEmailRequested,
      { email, purpose },
      { dedupeId: randomUUID() },
    );
    return emailDelivery(email);
  }
}
