import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, type Subjects } from '@backtalk/proto';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { VerificationCodeService } from '../code/verification-code.service';
import { passwordChangedEmail } from '../mail/code-email';
import { Mailer } from '../mail/mailer';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';

/**
 * Spec §4 Forgot password: a code to a confirmed account's email, sent after the answer, which is
 * the same for any email (CodeSender.request).
 */
@Injectable()
export class ForgotPassword {
  constructor(private readonly codes: CodeSender) {}

  async execute({
    email,
    client,
  }: ParsedRequestOf<typeof Subjects.IdentityPasswordForgot>): Promise<
    ReplyOf<typeof Subjects.IdentityPasswordForgot>
  > {
    return { codeDelivery: await this.codes.request(email, 'password-reset', client.ip) };
  }
}

/**
 * Spec §4 Forgot password, confirm: the code and a new password (§5 rules,
 * checked before the code is spent). Every session of the account ends, its
 * sign-in lockout is lifted (the code proved the owner), and the owner is told
 * by email (ASVS 6.3.7).
 */
@Injectable()
export class ResetPassword {
  private readonly logger = new Logger(ResetPassword.name);

  constructor(
    private readonly users: UserRepository,
    private readonly codes: VerificationCodeService,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly sessions: AuthSessionRepository,
    private readonly limits: BruteForceGuard,
    private readonly mailer: Mailer,
  ) {}

  async execute({
    email,
    code,
    password,
    client,
  }: ParsedRequestOf<typeof Subjects.IdentityPasswordReset>): Promise<
    ReplyOf<typeof Subjects.IdentityPasswordReset>
  > {
    await this.policy.assertAcceptable(password);
    await this.limits.assertMayTryCode(client.ip);
    const user = await this.users.findAccountByEmail(email);
    const owner = user?.confirmed ? user : null;
    const passwordHash = await this.hasher.hash(password);
    await this.codes
      .redeem(owner?.id ?? null, 'password-reset', code, async (transaction) => {
        await this.users.setPassword(owner!.id, passwordHash, transaction);
        await this.sessions.revokeAll(owner!.id, new Date(), transaction);
      })
      .catch(async (error: unknown) => {
        if (error instanceof ServiceError && error.code === ErrorCode.AuthCodeMismatch)
          await this.limits.recordCodeFailure(client.ip);
        throw error;
      });
    await this.limits.recordSignInSuccess(email);
    await this.mailer
      .send(passwordChangedEmail(owner!.email!, 'reset'))
      .catch((error: unknown) =>
        this.logger.warn(`Could not send the password-reset notice: ${String(error)}`),
      );
    return { reset: true };
  }
}
