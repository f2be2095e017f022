import { Injectable } from '@nestjs/common';
import { ServiceError, ValidationError } from '@backtalk/kit';
import { type AuthFlowReply, type ChallengeAnswer, ErrorCode, type MfaType } from '@backtalk/proto';
import { type MfaAccount, MfaFactors } from '../mfa/mfa-factors';
import type { UserEntity } from '../user/user.entity';
import { verifiedPhoneOf } from '../user/user-phone';
import { UserRepository } from '../user/user.repository';
import { CompleteSignIn, type FlowContext } from './complete-sign-in.use-case';
import type { SecondFactorStep, SignInChallengeEntity } from './sign-in-challenge.entity';
import { SignInChallengeRepository } from './sign-in-challenge.repository';

const ANSWER_HINT: Record<SecondFactorStep, string> = {
  selectMfaType: 'This step needs the chosen method: answer { kind: "mfaType", mfaType }.',
  selectMfaSetup: 'This step needs the method to set up: answer { kind: "mfaType", mfaType }.',
  confirmTotp: 'This step needs the code from the authenticator app: answer { kind: "code", code }.',
  confirmEmail: 'This step needs the emailed code: answer { kind: "code", code }.',
  confirmSms: 'This step needs the texted code: answer { kind: "code", code }.',
  setupTotp: 'This step needs the first code from the authenticator app: answer { kind: "code", code }.',
  setupEmail: 'This step needs the email address for sign-in codes: answer { kind: "email", email }.',
  confirmEmailSetup: 'This step needs the code emailed to that address: answer { kind: "code", code }.',
};

/**
 * The second factor of a password sign-in (spec §2 MFA screens, §4, §5 MFA type): with one
 * factor on, confirmSignIn asks for its code (TOTP; EMAIL or SMS sent as the step starts); with several, selectMfaType lets the user choose
 * (the first preselected by the web); with none and MFA_REQUIRED, the user chooses one to set
 * up (setupTotp or setupEmail) and proves it before being signed in. Each step answers once
 * within the challenge's 3 minutes; a wrong code leaves the challenge for another try and
 * counts against the brute-force limits like a wrong password.
 */
@Injectable()
export class SecondFactor {
  constructor(
    private readonly factors: MfaFactors,
    private readonly challenges: SignInChallengeRepository,
    private readonly users: UserRepository,
    private readonly complete: CompleteSignIn,
  ) {}

  /** After the password: the second factor's first step, or signed in when none is needed. */
  async begin(user: UserEntity, context: FlowContext): Promise<AuthFlowReply> {
    const account = accountOf(user);
    const enabled = account ? await this.factors.enabled(user.id) : [];
    if (account && enabled.length > 1) return this.choose(user, 'selectMfaType', enabled, context);
    if (account && enabled.length === 1) return this.ask(account, enabled[0]!, context);
    if (account && this.factors.required) {
      const available = this.factors.available();
      if (available.length > 1) return this.choose(user, 'selectMfaSetup', available, context);
      return this.setUp(account, available[0]!, context);
    }
    return this.complete.execute(user, context);
  }

  /** Whether the password alone does not sign this user in (so it must not clear the failure count). */
  async needsCode(user: UserEntity): Promise<boolean> {
    return (await this.factors.enabled(user.id)).length > 0;
  }

  /** Answers a second-factor step of `challenge`. */
  async answer(
    challenge: SignInChallengeEntity & { step: SecondFactorStep },
    answer: ChallengeAnswer,
    context: FlowContext,
  ): Promise<AuthFlowReply> {
    const step = challenge.step;
    const user = await this.users.findOwn(challenge.userId);
    const account = user && accountOf(user);
    if (!user || !account) throw new ServiceError(ErrorCode.AuthChallengeExpired);
    const now = new Date();
    if (step === 'selectMfaType' || step === 'selectMfaSetup') {
      if (answer.kind !== 'mfaType') throw new ValidationError(ANSWER_HINT[step]);
      const allowed =
        step === 'selectMfaType' ? await this.factors.enabled(user.id) : this.factors.available();
      if (!allowed.includes(answer.mfaType)) throw new ServiceError(ErrorCode.MfaMethodUnavailable);
      await this.spend(challenge, now);
      return step === 'selectMfaType'
        ? this.ask(account, answer.mfaType, context)
        : this.setUp(account, answer.mfaType, context);
    }
    if (step === 'setupEmail') {
      if (answer.kind !== 'email') throw new ValidationError(ANSWER_HINT[step]);
      await this.spend(challenge, now);
      const codeDelivery = await this.factors.startEmail(account, answer.email, context.client.ip);
      const next = await this.challenges.create(user.id, 'confirmEmailSetup', context.guestUserId, now);
      return { nextStep: { step: 'confirmSignIn', method: 'EMAIL', codeDelivery }, challenge: next };
    }
    if (answer.kind !== 'code') throw new ValidationError(ANSWER_HINT[step]);
    const ip = context.client.ip;
    if (step === 'confirmTotp') await this.factors.verifyTotp(account, answer.code, ip);
    else if (step === 'confirmEmail')
      await this.factors.verifySentCode(account, 'mfa-sign-in', answer.code, ip);
    else if (step === 'confirmSms')
      await this.factors.verifySentCode(account, 'mfa-sms-sign-in', answer.code, ip);
    else if (step === 'setupTotp') await this.factors.confirmTotp(account, answer.code, ip);
    else await this.factors.confirmEmail(account, answer.code, ip);
    await this.spend(challenge, now);
    return this.complete.execute(user, context);
  }

  private async choose(
    user: UserEntity,
    step: 'selectMfaType' | 'selectMfaSetup',
    allowed: MfaType[],
    context: FlowContext,
  ): Promise<AuthFlowReply> {
    const challenge = await this.challenges.create(user.id, step, context.guestUserId, new Date());
    return { nextStep: { step: 'selectMfaType', allowed }, challenge };
  }

  private async ask(account: MfaAccount, method: MfaType, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
    if (method === 'TOTP') {
      const challenge = await this.challenges.create(account.id, 'confirmTotp', context.guestUserId, now);
      return { nextStep: { step: 'confirmSignIn', method: 'TOTP' }, challenge };
    }
    if (method === 'SMS') {
      const codeDelivery = await this.factors.sendSmsCode(account, 'mfa-sms-sign-in', context.client.ip);
      const challenge = await this.challenges.create(account.id, 'confirmSms', context.guestUserId, now);
      return { nextStep: { step: 'confirmSignIn', method: 'SMS', codeDelivery }, challenge };
    }
    if (method !== 'EMAIL') throw new ServiceError(ErrorCode.MfaMethodUnavailable);
    const codeDelivery = await this.factors.sendEmailCode(account, 'mfa-sign-in', context.client.ip);
    const challenge = await this.challenges.create(account.id, 'confirmEmail', context.guestUserId, now);
    return { nextStep: { step: 'confirmSignIn', method: 'EMAIL', codeDelivery }, challenge };
  }

  private async setUp(account: MfaAccount, method: MfaType, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
    if (method === 'TOTP') {
      const setup = await this.factors.startTotp(account);
      const challenge = await this.challenges.create(account.id, 'setupTotp', context.guestUserId, now);
      return { nextStep: { step: 'setupTotp', ...setup }, challenge };
    }
    if (method !== 'EMAIL') throw new ServiceError(ErrorCode.MfaMethodUnavailable);
    const challenge = await this.challenges.create(account.id, 'setupEmail', context.guestUserId, now);
    return { nextStep: { step: 'setupEmail' }, challenge };
  }

  private async spend(challenge: SignInChallengeEntity, now: Date): Promise<void> {
    if (!(await this.challenges.consume(challenge, now)))
      throw new ServiceError(ErrorCode.AuthChallengeExpired);
  }
}

/** Only accounts (with an email) have second factors; guests never reach this flow. */
function accountOf(user: UserEntity): MfaAccount | null {
  return user.email && !user.isGuest
    ? { id: user.id, email: user.email, phone: verifiedPhoneOf(user) }
    : null;
}
