import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import {
  type AuthClient,
  type AuthFlowReply,
  ErrorCode,
  type ParsedRequestOf,
  type ReplyOf,
  type Subjects,
} from '@backtalk/proto';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { VerificationCodeService } from '../code/verification-code.service';
import { SecondFactor } from '../sign-in/second-factor';
import { SignInChallengeRepository } from '../sign-in/sign-in-challenge.repository';
import type { UserEntity } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';

/**
 * Signs a just-confirmed account in with the challenge its sign-up answered (this browser's),
 * consuming it; null when the challenge is not that sign-up's, or is spent or expired (3 min).
 */
@Injectable()
export class SignUpChallenge {
  constructor(
    private readonly challenges: SignInChallengeRepository,
    private readonly secondFactor: SecondFactor,
  ) {}

  async signIn(
    user: UserEntity,
    token: string | undefined,
    context: { client: AuthClient; guestUserId?: string | undefined },
  ): Promise<AuthFlowReply | null> {
    const now = new Date();
    const challenge = token ? await this.challenges.findLive(token, now) : null;
    if (
      !challenge ||
      challenge.step !== 'confirmSignUp' ||
      challenge.userId !== user.id ||
      !(await this.challenges.consume(challenge, now))
    ) {
      return null;
    }
    // A new account has no second factor; under MFA_REQUIRED it sets one up before it is signed in.
    return this.secondFactor.begin(user, {
      client: context.client,
      guestUserId: context.guestUserId ?? challenge.guestUserId ?? undefined,
    });
  }

  /** Whether `token` is a live sign-up challenge of `user` (nothing is consumed). */
  async isLiveFor(user: UserEntity, token: string): Promise<boolean> {
    const challenge = await this.challenges.findLive(token, new Date());
    return !!challenge && challenge.step === 'confirmSignUp' && challenge.userId === user.id;
  }
}

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
    private readonly signUpChallenge: SignUpChallenge,
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
      .redeem(pending?.id ?? null, 'sign-up', code, (transaction) =>
        this.users.markConfirmed(pending!.id, transaction),
      )
      .catch(async (error: unknown) => {
        if (error instanceof ServiceError && error.code === ErrorCode.AuthCodeMismatch)
          await this.limits.recordCodeFailure(client.ip);
        throw error;
      });
    const confirmed = { ...pending!, confirmed: true, emailVerified: true };
    return (
      (await this.signUpChallenge.signIn(confirmed, token, { client, guestUserId })) ?? {
        nextStep: { step: 'signIn' },
      }
    );
  }
}

/**
 * Spec §4 auto sign-in, asked every 5 s by the browser that signed up: once the account has been
 * confirmed (on another tab or device, without this browser's challenge), the sign-up's
 * challenge signs it in. Not yet confirmed: `confirmed: false`, ask again. A challenge that is
 * not this account's live sign-up challenge (spent by a confirmation here, expired after 3
 * minutes, or never issued): AUTH_AUTO_SIGN_IN_INACTIVE, the spec's words.
 */
@Injectable()
export class AutoSignIn {
  constructor(
    private readonly users: UserRepository,
    private readonly signUpChallenge: SignUpChallenge,
  ) {}

  async execute({
    email,
    challenge,
    client,
    guestUserId,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountAutoSignIn>): Promise<
    ReplyOf<typeof Subjects.IdentityAccountAutoSignIn>
  > {
    const user = await this.users.findAccountByEmail(email);
    if (!user || !(await this.signUpChallenge.isLiveFor(user, challenge))) {
      throw new ServiceError(ErrorCode.AuthAutoSignInInactive);
    }
    if (!user.confirmed) return { confirmed: false };
    const reply = await this.signUpChallenge.signIn(user, challenge, { client, guestUserId });
    if (!reply) throw new ServiceError(ErrorCode.AuthAutoSignInInactive);
    return { ...reply, confirmed: true };
  }
}
