import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '@backtalk/kit';
import type { Actor, MfaSettings, ParsedRequestOf, ReplyOf, Subjects } from '@backtalk/proto';
import { verifiedPhoneOf } from '../user/user-phone';
import { UserRepository } from '../user/user.repository';
import { type MfaAccount, MfaFactors } from './mfa-factors';

/**
 * The signed-in account's own MFA settings: only the actor's record is read or changed, and
 * guests have none. Turning a factor on or off needs a code of it (docs/architecture.md, "MFA").
 */
@Injectable()
export class ManageMfa {
  constructor(
    private readonly users: UserRepository,
    private readonly factors: MfaFactors,
  ) {}

  async settings(actor: Actor): Promise<MfaSettings> {
    return this.factors.settingsOf(await this.ownAccount(actor));
  }

  async startTotp(actor: Actor): Promise<ReplyOf<typeof Subjects.IdentityMfaTotpStart>> {
    const setup = await this.factors.startTotp(await this.ownAccount(actor));
    return { nextStep: { step: 'setupTotp', ...setup } };
  }

  async confirmTotp({
    actor,
    client,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaTotpConfirm>): Promise<MfaSettings> {
    const account = await this.ownAccount(actor);
    await this.factors.confirmTotp(account, code, client.ip);
    return this.factors.settingsOf(account);
  }

  async startEmail({
    actor,
    email,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaEmailStart>): Promise<
    ReplyOf<typeof Subjects.IdentityMfaEmailStart>
  > {
    const account = await this.ownAccount(actor);
    // Signed-in requests are limited per user rather than per address.
    return {
      codeDelivery: await this.factors.startEmail(account, email ?? account.email, `user:${account.id}`),
    };
  }

  async confirmEmail({
    actor,
    client,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaEmailConfirm>): Promise<MfaSettings> {
    const account = await this.ownAccount(actor);
    await this.factors.confirmEmail(account, code, client.ip);
    return this.factors.settingsOf(account);
  }

  async sendEmailCode({
    actor,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaEmailCode>): Promise<
    ReplyOf<typeof Subjects.IdentityMfaEmailCode>
  > {
    const account = await this.ownAccount(actor);
    return {
      codeDelivery: await this.factors.sendEmailCode(account, 'mfa-step-up', `user:${account.id}`),
    };
  }

  async startSms({
    actor,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaSmsStart>): Promise<
    ReplyOf<typeof Subjects.IdentityMfaSmsStart>
  > {
    const account = await this.ownAccount(actor);
    return { codeDelivery: await this.factors.startSms(account, `user:${account.id}`) };
  }

  async confirmSms({
    actor,
    client,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaSmsConfirm>): Promise<MfaSettings> {
    const account = await this.ownAccount(actor);
    await this.factors.confirmSms(account, code, client.ip);
    return this.factors.settingsOf(account);
  }

  async sendSmsCode({
    actor,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaSmsCode>): Promise<
    ReplyOf<typeof Subjects.IdentityMfaSmsCode>
  > {
    const account = await this.ownAccount(actor);
    return {
      codeDelivery: await this.factors.sendSmsCode(account, 'mfa-sms-step-up', `user:${account.id}`),
    };
  }

  async disable({
    actor,
    client,
    method,
    code,
  }: ParsedRequestOf<typeof Subjects.IdentityMfaDisable>): Promise<MfaSettings> {
    const account = await this.ownAccount(actor);
    if (method === 'TOTP') await this.factors.verifyTotp(account, code, client.ip);
    else {
      const purpose = method === 'SMS' ? 'mfa-sms-step-up' : 'mfa-step-up';
      await this.factors.verifySentCode(account, purpose, code, client.ip);
    }
    await this.factors.disable(account, method);
    return this.factors.settingsOf(account);
  }

  private async ownAccount(actor: Actor): Promise<MfaAccount> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to set up two-step sign-in.');
    const user = await this.users.findOwn(actor.userId);
    if (!user?.email || user.isGuest) throw new NotFoundError('User not found');
    return { id: user.id, email: user.email, phone: verifiedPhoneOf(user) };
  }
}
