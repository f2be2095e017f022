import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import {
  type AuthFlowReply,
  ErrorCode,
  type ParsedRequestOf,
  type Subjects,
  checkBirthdate,
} from '@backtalk/proto';
import { toE164 } from '../sms/phone-number';
import { randomUUID } from 'node:crypto';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { SignInChallengeRepository } from '../sign-in/sign-in-challenge.repository';
import { UserRepository } from '../user/user.repository';
import { CodeSender } from './code-sender';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';

/**
 * Spec §4 Sign-up: an unconfirmed account (the email is the username) and an
 * emailed code. The account, its code and (outbox) email are one
 * transaction: if the mail server refuses, nothing is kept and the user can
 * simply try again. The challenge lets this browser be signed in as soon as
 * it confirms (auto sign-in).
 */
@Injectable()
export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly codes: CodeSender,
    private readonly limits: BruteForceGuard,
    private readonly challenges: SignInChallengeRepository,
  ) {}

  async execute({
    email,
    password,
    attributes,
    client,
    guestUserId,
  }: ParsedRequestOf<typeof Subjects.IdentityAccountSignUp>): Promise<AuthFlowReply> {
    // COPPA (docs/safety.md, "Age"): refused before anything is read, counted or stored.
    if (attributes?.['birthdate'] !== undefined && isUnder13(attributes['birthdate'], new Date())) {
      throw new ServiceError(ErrorCode.AgeUnder13);
    }
    await this.policy.assertAcceptable(password);
    // Kept in E.164, the form texts are sent to (docs/architecture.md, "SMS"); an invalid number is refused.
    const phone = attributes?.['phone_number'];
    const stored = phone === undefined ? (attributes ?? {}) : { ...attributes, phone_number: toE164(phone) };
    if (await this.users.findAccountByEmail(email)) {
      // Counted like a sign-up, so probing which emails have accounts is as limited as signing up.
      await this.limits.takeCodeEmail(client.ip, undefined, 'sign-up');
      throw new ServiceError(ErrorCode.AuthUserExists);
    }
    const id = randomUUID();
    const passwordHash = await this.hasher.hash(password);
    const codeDelivery = await this.users.transaction(async (transaction) => {
      const created = await this.users.createAccount(
        { id, email, passwordHash, attributes: stored },
        transaction,
      );
      if (!created) throw new ServiceError(ErrorCode.AuthUserExists);
      return this.codes.send({ id, email }, 'sign-up', client.ip, transaction, 'sign-up');
    });
    const challenge = await this.challenges.create(id, 'confirmSignUp', guestUserId, new Date());
    return { nextStep: { step: 'confirmSignUp', codeDelivery }, challenge };
  }
}

function isUnder13(birthdate: string, now: Date): boolean {
  const checked = checkBirthdate(birthdate, now);
  return 'ageBand' in checked && checked.ageBand === 'under-13';
}
