import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { type AuthFlowReply, ErrorCode, type ParsedRequestOf, type Subjects } from '@backtalk/proto';
import { PasswordHasher } from '../account/password-hasher';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { UserRepository } from '../user/user.repository';
import { SignInSteps } from './sign-in-steps';

/**
 * Spec §4 Sign-in with email and password. A wrong password and an unknown
 * email get the same answer (AUTH_INVALID_CREDENTIALS, after the same argon2
 * work) and count the same against the brute-force limits. Whether the
 * account is unconfirmed is told only after the password matched. The
 * failure count is cleared by the steps once the password alone suffices.
 */
@Injectable()
export class StartSignIn {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: BruteForceGuard,
    private readonly steps: SignInSteps,
  ) {}

  async execute({
    email,
    password,
    client,
    guestUserId,
  }: ParsedRequestOf<typeof Subjects.IdentitySignInStart>): Promise<AuthFlowReply> {
    await this.limits.assertMaySignIn(email, client.ip);
    const user = await this.users.findAccountByEmail(email);
    // Verified whether or not the account exists (an unknown email against the stand-in hash):
    // the time of the answer must not tell which it was.
    const matches = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !matches) {
      await this.limits.recordSignInFailure(email, client.ip);
      throw new ServiceError(ErrorCode.AuthInvalidCredentials);
    }
    return this.steps.afterPassword(user, { client, ...(guestUserId ? { guestUserId } : {}) });
  }
}
