import { Injectable, Logger } from '@nestjs/common';
import { ForbiddenError, ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, type Subjects } from '@backtalk/proto';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { passwordChangedEmail } from '../mail/code-email';
import { Mailer } from '../mail/mailer';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { UserRepository } from '../user/user.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';

/**
 * A signed-in user changes their own password (ASVS 6.2.2), proving the
 * current one (6.2.3): a wrong one answers like a failed sign-in and counts
 * against the same limits. Other sessions can be ended at once (7.4.3); the
 * owner is told by email (6.3.7).
 */
@Injectable()
export class ChangePassword {
  private readonly logger = new Logger(ChangePassword.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly limits: BruteForceGuard,
    private readonly sessions: AuthSessionRepository,
    private readonly mailer: Mailer,
  ) {}

  async execute({
    actor,
    client,
    currentPassword,
    newPassword,
    signOutOtherSessions,
  }: ParsedRequestOf<typeof Subjects.IdentityPasswordChange>): Promise<
    ReplyOf<typeof Subjects.IdentityPasswordChange>
  > {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to change your password.');
    await this.policy.assertAcceptable(newPassword);
    const user = await this.users.findOwn(actor.userId);
    if (!user?.email || !user.passwordHash)
      throw new ForbiddenError('This account has no password to change.');
    await this.limits.assertMaySignIn(user.email, client.ip);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.limits.recordSignInFailure(user.email, client.ip);
      throw new ServiceError(ErrorCode.AuthInvalidCredentials);
    }
    await this.limits.recordSignInSuccess(user.email);
    const passwordHash = await this.hasher.hash(newPassword);
    const otherSessionsEnded = await this.users.transaction(async (transaction) => {
      await this.users.setPassword(user.id, passwordHash, transaction);
      return signOutOtherSessions
        ? this.sessions.revokeAllExcept(user.id, actor.sessionId, new Date(), transaction)
        : 0;
    });
    await this.mailer
      .send(passwordChangedEmail(user.email, 'changed'))
      .catch((error: unknown) =>
        this.logger.warn(`Could not send the password-change notice: ${String(error)}`),
      );
    return { changed: true, otherSessionsEnded };
  }
}
