import { Injectable } from '@nestjs/common';
import { DurableHandler } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { alreadyConfirmedEmail } from '../mail/code-email';
import { Mailer } from '../mail/mailer';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';
import { codeEmailDue, type RequestedCodeEmail } from './requested-code-email';

/**
 * Sends what a forgot-password or resend request asked for, after it was answered
 * (CodeSender.request): a reset or sign-up code, the 'already confirmed' notice, or nothing for
 * an email without an account. A failure is retried by the durable queue; a delivery repeated
 * after a crash sends a new code, which voids the one before.
 */
@Injectable()
export class SendRequestedCodeEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodeSender,
    private readonly mailer: Mailer,
  ) {}

  @DurableHandler(DurableSubjects.IdentityCodeEmailRequested)
  async handle({ email, purpose }: RequestedCodeEmail): Promise<void> {
    const account = await this.users.findAccountByEmail(email);
    const due = codeEmailDue(purpose, account);
    if (due === 'nothing' || !account?.email) return;
    if (due === 'already-confirmed') await this.mailer.send(alreadyConfirmedEmail(account.email));
    else await this.codes.deliver({ id: account.id, email: account.email }, purpose);
  }
}
