import { Injectable } from '@nestjs/common';
import type { ParsedRequestOf, ReplyOf, Subjects } from '@backtalk/proto';
import { CodeSender } from './code-sender';

/**
 * Spec §4: a new sign-up code. The answer is the same for an unconfirmed account, a confirmed
 * one and an unknown email (issue 21 item 14); after it, the unconfirmed account gets a code and
 * the confirmed one's owner an email saying it is already confirmed (SendRequestedCodeEmail).
 */
@Injectable()
export class ResendSignUpCode {
  constructor(private readonly codes: CodeSender) {}

  async execute({
    email,
    client,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountResendCode>): Promise<
    ReplyOf<typeof Subjects.IdentityAccountResendCode>
  > {
    return { codeDelivery: await this.codes.request(email, 'sign-up', client.ip) };
  }
}
