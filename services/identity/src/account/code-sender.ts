import { Injectable } from '@nestjs/common';
import type { CodeDelivery } from '@backtalk/proto';
import type { EntityManager } from 'typeorm';
import { BruteForceGuard, type CodeAllowance } from '../brute-force/brute-force.guard';
import type { CodePurpose } from '../code/verification-code.entity';
import { VerificationCodeService } from '../code/verification-code.service';
import { codeEmail, maskEmail } from '../mail/code-email';
import { Mailer } from '../mail/mailer';

/** Where a code went, masked (spec §2). */
function emailDelivery(email: string): CodeDelivery {
  return { medium: 'EMAIL', destination: maskEmail(email) };
}

/**
 * Issues a code and emails it, within the hourly allowances of the sender
 * (`sender`: the client address, or the user for signed-in requests) and of
 * the recipient. With `manager`, the code and an outbox email are written in
 * the caller's transaction, and an SMTP failure rolls it back. A new sign-up's
 * code spends the sender's sign-up allowance (`allowance: 'sign-up'`).
 */
@Injectable()
export class CodeSender {
  constructor(
    private readonly codes: VerificationCodeService,
    private readonly mailer: Mailer,
    private readonly limits: BruteForceGuard,
  ) {}

  async send(
    user: { id: string; email: string },
    purpose: CodePurpose,
    sender: string,
    manager?: EntityManager,
    allowance: CodeAllowance = 'code-email',
  ): Promise<CodeDelivery> {
    await this.limits.takeCodeEmail(sender, user.email, allowance);
    const code = await this.codes.issue(user.id, purpose, manager);
    await this.mailer.send(codeEmail(user.email, purpose, code, this.codes.lifetimeMinutes), manager);
    return emailDelivery(user.email);
  }

  /**
   * `send` to the account, or — for an email with no account to send to — the same sender
   * allowance spent and the same answer, so the reply does not say whether the email has an
   * account (ASVS 6.3.8).
   */
  async sendIfAccount(
    account: { id: string; email: string | null } | null,
    email: string,
    purpose: CodePurpose,
    sender: string,
  ): Promise<CodeDelivery> {
    if (!account?.email) {
      await this.limits.takeCodeEmail(sender);
      return emailDelivery(email);
    }
    return this.send({ id: account.id, email: account.email }, purpose, sender);
  }
}
