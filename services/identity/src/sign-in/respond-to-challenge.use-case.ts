import { Injectable } from '@nestjs/common';
import { ServiceError, ValidationError } from '@backtalk/kit';
import { type AuthFlowReply, ErrorCode, type ParsedRequestOf, type Subjects } from '@backtalk/proto';
import { PasswordHasher } from '../account/password-hasher';
import { PasswordPolicy } from '../account/password-policy';
import { UserRepository } from '../user/user.repository';
import { SecondFactor } from './second-factor';
import type { SecondFactorStep, SignInChallengeEntity } from './sign-in-challenge.entity';
import { SignInChallengeRepository } from './sign-in-challenge.repository';

type RespondRequest = ParsedRequestOf<typeof Subjects.IdentitySignInRespond>;

/**
 * Answers the step a challenge waits for. A challenge works once and for 3
 * minutes (AUTH_CHALLENGE_EXPIRED after that); an answer of the wrong kind,
 * or one the rules refuse (a weak new password), leaves it unspent.
 */
@Injectable()
export class RespondToChallenge {
  constructor(
    private readonly challenges: SignInChallengeRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly secondFactor: SecondFactor,
  ) {}

  async execute({ challenge: token, answer, client, guestUserId }: RespondRequest): Promise<AuthFlowReply> {
    const now = new Date();
    const challenge = await this.challenges.findLive(token, now);
    if (!challenge) throw new ServiceError(ErrorCode.AuthChallengeExpired);
    const context = { client, guestUserId: guestUserId ?? challenge.guestUserId ?? undefined };
    switch (challenge.step) {
      case 'forceNewPassword': {
        if (answer.kind !== 'newPassword')
          throw new ValidationError(
            'This step needs a new password: answer { kind: "newPassword", password }.',
          );
        await this.policy.assertAcceptable(answer.password);
        const passwordHash = await this.hasher.hash(answer.password);
        const user = await this.spend(challenge, now);
        await this.users.setPassword(user.id, passwordHash);
        // The new password is the first factor; a second one is still asked for when it is on.
        return this.secondFactor.begin({ ...user, passwordHash, passwordChangeRequired: false }, context);
      }
      case 'confirmSignUp':
        throw new ValidationError(
          'This step is answered with the emailed code at POST /api/auth/sign-up/confirm, with this challenge.',
        );
      default:
        return this.secondFactor.answer(
          challenge as SignInChallengeEntity & { step: SecondFactorStep },
          answer,
          context,
        );
    }
  }

  private async spend(challenge: SignInChallengeEntity, now: Date) {
    const user = await this.users.findOwn(challenge.userId);
    if (!user || !(await this.challenges.consume(challenge, now))) {
      throw new ServiceError(ErrorCode.AuthChallengeExpired);
    }
    return user;
  }
}
