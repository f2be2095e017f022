import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { type AuthFlowReply, ErrorCode, type ParsedRequestOf, type Subjects } from '@backtalk/proto';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { VerificationCodeService } from '../code/verification-code.service';
import { CompleteSignIn } from '../sign-in/complete-sign-in.use-case';
import { SignInChallengeRepository } from '../sign-in/sign-in-challenge.repository';
import { UserRepository } from '../user/user.repository';

/**
 * Spec §4: the emailed code confirms the account and verifies its email.
 * With the challenge from this browser's sign-up (or its sign-in to the
 * unconfirmed account), still within 3 minutes, the user is signed in at
 * once (auto sign-in); otherwise the answer is the `signIn` step.
 */
@Injectable()
export class ConfirmSignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: VerificationCodeService,
    private readonly limits: BruteForceGuard,
    private readonly challenges: SignInChallengeRepository,
    private readonly complete: CompleteSignIn,
  ) {}

  async execute({
    email,
    code,
    challenge: token,
    client,
    guestUserId,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountConfirmSignUp>): Promise<AuthFlowReply> {
    await this.limits.assertMayTryCode(client.ip);
    const user = await this.users.findAccountByEmail(email);
    const pending = user && !user.confirmed ? user : null;
    await this.codes
      .redeem(pending?.id ?? null, 'sign-up', code, (manager) =>
        this.users.markConfirmed(pending!.id, manager),
      )
      .catch(async (error: unknown) => {
        if (error instanceof ServiceError && error.code === ErrorCode.AuthCodeMismatch)
          await this.limits.recordCodeFailure(client.ip);
        throw error;
      });
    const confirmed = { ...pending!, confirmed: true, emailVerified: true };
    const now = new Date();
    const challenge = token ? await this.challenges.findLive(token, now) : null;
    if (
      !challenge ||
      challenge.step !== 'confirmSignUp' ||
      challenge.userId !== confirmed.id ||
      !(await this.challenges.consume(challenge, now))
    ) {
      return { nextStep: { step: 'signIn' } };
    }
    return this.complete.execute(confirmed, {
      client,
      guestUserId: guestUserId ?? challenge.guestUserId ?? undefined,
    });
  }
}
