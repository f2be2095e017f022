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
 * account is unconfirmed is told only after the password matched.
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
    if (!user || !(await this.hasher.verify(user.passwordHash, password))) {
      await this.limits.recordSignInFailure(email, client.ip);
      throw new ServiceError(ErrorCode.AuthInvalidCredentials);
    }
    await this.limits.recordSignInSuccess(email);
    return this.steps.afterPassword(user, { client, ...(guestUserId ? { guestUserId } : {}) });
  }
}
