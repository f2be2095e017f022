import { Injectable } from '@nestjs/common';
import type { ParsedRequestOf, ReplyOf, Subjects } from '@backtalk/proto';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';

/**
 * Spec §4: a new sign-up code. An account that is already confirmed answers
 * `alreadyConfirmed` ('User is already confirmed.' counts as success); an
 * email without an account answers as if a code had been sent.
 */
@Injectable()
export class ResendSignUpCode {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: CodeSender,
  ) {}

  async execute({
    email,
    client,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountResendCode>): Promise<
    ReplyOf<typeof Subjects.IdentityAccountResendCode>
  > {
    const user = await this.users.findAccountByEmail(email);
    if (user?.confirmed) return { alreadyConfirmed: true };
    const codeDelivery = await this.codes.sendIfAccount(user, email, 'sign-up', client.ip);
    return { alreadyConfirmed: false, codeDelivery };
  }
}
