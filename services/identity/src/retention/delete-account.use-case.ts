import { Injectable, Logger } from '@nestjs/common';
import { Clock, ForbiddenError, ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, type Subjects } from '@backtalk/proto';
import { PasswordHasher } from '../account/password-hasher';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { UserRepository } from '../user/user.repository';
import { AccountAnnouncer } from './account-announcer';
import { AccountDeletionRepository } from './account-deletion.repository';

/**
 * A signed-in user deletes their own account (docs/retention.md). The actor comes
 * from the verified token, so nobody can name another user's account. An account
 * with a password proves it again, with the sign-in's limits (as a password change
 * does); identity then erases the account and its credentials at once — every
 * session ends, so the user is signed out everywhere — and announces the deletion
 * to the services that hold the user's data, which erase it within their terms.
 */
@Injectable()
export class DeleteAccount {
  private readonly logger = new Logger(DeleteAccount.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: BruteForceGuard,
    private readonly deletions: AccountDeletionRepository,
    private readonly announcer: AccountAnnouncer,
    private readonly clock: Clock,
  ) {}

  async execute({
    actor,
    client,
    password,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountDelete>): Promise<
    ReplyOf<typeof Subjects.IdentityAccountDelete>
  > {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to delete your account.');
    const user = await this.users.findOwn(actor.userId);
    if (!user || user.isGuest) throw new ServiceError(ErrorCode.NotFound, 'This account no longer exists.');
    if (user.passwordHash) {
      if (!password)
        throw new ServiceError(ErrorCode.ValidationFailed, 'Enter your password to delete your account.');
      const key = user.email ?? user.id;
      await this.limits.assertMaySignIn(key, client.ip);
      if (!(await this.hasher.verify(user.passwordHash, password))) {
        await this.limits.recordSignInFailure(key, client.ip);
        throw new ServiceError(ErrorCode.AuthInvalidCredentials);
      }
      await this.limits.recordSignInSuccess(key);
    }
    const now = this.clock.now();
    await this.deletions.transaction((manager) => this.deletions.eraseAccount(manager, user, now));
    this.logger.log(`Deleted account ${user.id}${user.isCreator ? ' (a creator)' : ''}`);
    await this.announcer.announce(
      { userId: user.id, deletedAt: now, wasCreator: user.isCreator, announcedAt: null },
      now,
    );
    return { deleted: true };
  }
}
