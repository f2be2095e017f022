import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { type CodeDelivery, ErrorCode, type MfaSettings, type MfaType } from '@backtalk/proto';
import { CodeSender } from '../account/code-sender';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { VerificationCodeService } from '../code/verification-code.service';
import { IdentityConfig } from '../identity.config';
import { maskEmail } from '../mail/code-email';
import { maskPhone } from '../sms/phone-number';
import type { MfaSettingsEntity } from './mfa-settings.entity';
import { MfaSettingsRepository } from './mfa-settings.repository';
import { Totp } from './totp';
import { TotpSecretCipher } from './totp-secret.cipher';

/**
 * The account a factor belongs to: its id, its email, which keys the brute-force counters, and
 * its verified phone number (E.164; null without one), where SMS codes go.
 */
export interface MfaAccount {
  id: string;
  email: string;
  phone: string | null;
}

/**
 * An account's second factors, used by sign-in (confirmSignIn, setupTotp, setupEmail) and by
 * the signed-in account's settings: TOTP (otplib, secret sealed at rest, each time step
 * accepted once), texted codes to the account's verified phone number (SmsSender: Twilio, Amazon
 * SNS or the development outbox) and emailed codes — both the accounts' single-use, hashed codes
 * (docs/architecture.md, "MFA").
 */
@Injectable()
export class MfaFactors {
  constructor(
    private readonly settings: MfaSettingsRepository,
    private readonly cipher: TotpSecretCipher,
    private readonly codes: VerificationCodeService,
    private readonly sender: CodeSender,
    private readonly limits: BruteForceGuard,
    private readonly config: IdentityConfig,
  ) {}

  /** MFA_REQUIRED: every password sign-in needs a second factor. */
  get required(): boolean {
    return this.config.MFA_REQUIRED;
  }

  /**
   * The factors this account can set up, in the spec's order (TOTP, SMS, EMAIL): TOTP with a
   * key-encryption key, SMS with a verified phone number (`phone`; sign-in's setup under
   * MFA_REQUIRED passes none: a phone is verified after signing in).
   */
  available(phone: string | null = null): MfaType[] {
    return [
      ...(this.cipher.available ? (['TOTP'] as const) : []),
      ...(phone ? (['SMS'] as const) : []),
      'EMAIL',
    ];
  }

  /** The account's factors that are on, TOTP first. */
  async enabled(userId: string): Promise<MfaType[]> {
    return enabledIn(await this.settings.findOwn(userId));
  }

  async settingsOf(account: MfaAccount): Promise<MfaSettings> {
    const row = await this.settings.findOwn(account.id);
    return {
      enabled: enabledIn(row),
      available: this.available(account.phone),
      emailDestination: row?.email ? maskEmail(row.email) : null,
      smsDestination: account.phone ? maskPhone(account.phone) : null,
      required: this.required,
    };
  }

  /** A new secret to set up an authenticator app with; TOTP goes on once a first code confirms it. */
  async startTotp(account: MfaAccount): Promise<{ secret: string; otpauthUri: string }> {
    if (!this.cipher.available) throw new ServiceError(ErrorCode.MfaMethodUnavailable);
    const secret = await Totp.newSecret();
    await this.settings.setPendingTotp(account.id, this.cipher.seal(account.id, secret));
    return { secret, otpauthUri: await Totp.uri(secret, account.email) };
  }

  /** The first code from the app, against the secret being set up: TOTP is on when it matches. */
  async confirmTotp(account: MfaAccount, code: string, ip: string): Promise<void> {
    await this.prove(account, ip, async () => {
      const pending = (await this.settings.findOwn(account.id))?.pendingTotpSecret;
      if (!pending) throw new ServiceError(ErrorCode.MfaNotSetUp);
      const step = await Totp.stepOf(this.cipher.open(account.id, pending), code, new Date(), null);
      if (step === null) return false;
      if (!(await this.settings.confirmTotp(account.id, pending, step)))
        throw new ServiceError(ErrorCode.MfaNotSetUp);
      return true;
    });
  }

  /** A code from the confirmed app; each time step is accepted once (ASVS 6.5.1). */
  async verifyTotp(account: MfaAccount, code: string, ip: string): Promise<void> {
    await this.prove(account, ip, async () => {
      const row = await this.settings.findOwn(account.id);
      if (!row?.totpSecret) throw new ServiceError(ErrorCode.MfaNotSetUp);
      const secret = this.cipher.open(account.id, row.totpSecret);
      const step = await Totp.stepOf(secret, code, new Date(), row.totpLastStep);
      if (step === null || !(await this.settings.spendTotpStep(account.id, step))) return false;
      if (this.cipher.isStale(row.totpSecret)) {
        await this.settings.resealTotp(account.id, row.totpSecret, this.cipher.seal(account.id, secret));
      }
      return true;
    });
  }

  /** Emails a setup code to `address`; email MFA goes on (with that address) once the code comes back. */
  async startEmail(account: MfaAccount, address: string, sender: string): Promise<CodeDelivery> {
    await this.settings.setPendingEmail(account.id, address);
    return this.sender.send({ id: account.id, email: address }, 'mfa-email-setup', sender);
  }

  async confirmEmail(account: MfaAccount, code: string, ip: string): Promise<void> {
    await this.prove(account, ip, () =>
      this.codes.redeem(account.id, 'mfa-email-setup', code, async (transaction) => {
        if (!(await this.settings.confirmEmail(account.id, transaction)))
          throw new ServiceError(ErrorCode.MfaNotSetUp);
        return true;
      }),
    );
  }

  /** Emails a code to the account's MFA address: to sign in with, or to turn email MFA off with. */
  async sendEmailCode(
    account: MfaAccount,
    purpose: 'mfa-sign-in' | 'mfa-step-up',
    sender: string,
  ): Promise<CodeDelivery> {
    const address = (await this.settings.findOwn(account.id))?.email;
    if (!address) throw new ServiceError(ErrorCode.MfaNotSetUp);
    return this.sender.send({ id: account.id, email: address }, purpose, sender);
  }

  /** An emailed or texted code: to sign in with, or to turn its factor off with. */
  async verifySentCode(
    account: MfaAccount,
    purpose: 'mfa-sign-in' | 'mfa-step-up' | 'mfa-sms-sign-in' | 'mfa-sms-step-up',
    code: string,
    ip: string,
  ): Promise<void> {
    await this.prove(account, ip, () => this.codes.redeem(account.id, purpose, code, async () => true));
  }

  /** Texts a setup code to the verified phone number; SMS MFA goes on once the code comes back. */
  async startSms(account: MfaAccount, sender: string): Promise<CodeDelivery> {
    return this.sender.text({ id: account.id, phone: verifiedPhone(account) }, 'mfa-sms-setup', sender);
  }

  async confirmSms(account: MfaAccount, code: string, ip: string): Promise<void> {
    verifiedPhone(account);
    await this.prove(account, ip, () =>
      this.codes.redeem(account.id, 'mfa-sms-setup', code, async (transaction) => {
        await this.settings.enableSms(account.id, transaction);
        return true;
      }),
    );
  }

  /**
   * Texts a code to the verified phone number: to sign in with, or to turn SMS MFA off with. With
   * SMS MFA on but the number no longer verified (changed since), the factor cannot be used.
   */
  async sendSmsCode(
    account: MfaAccount,
    purpose: 'mfa-sms-sign-in' | 'mfa-sms-step-up',
    sender: string,
  ): Promise<CodeDelivery> {
    if (!(await this.settings.findOwn(account.id))?.sms) throw new ServiceError(ErrorCode.MfaNotSetUp);
    return this.sender.text({ id: account.id, phone: verifiedPhone(account) }, purpose, sender);
  }

  /** Turns a factor off (the caller proved it with a fresh code); MFA_REQUIRED keeps the last one. */
  async disable(account: MfaAccount, method: MfaType): Promise<void> {
    const enabled = await this.enabled(account.id);
    if (!enabled.includes(method)) throw new ServiceError(ErrorCode.MfaNotSetUp);
    if (this.required && enabled.length === 1) throw new ServiceError(ErrorCode.MfaRequired);
    if (method === 'TOTP') await this.settings.disableTotp(account.id);
    else if (method === 'SMS') await this.settings.disableSms(account.id);
    else await this.settings.disableEmail(account.id);
  }

  /**
   * Runs a code check under the brute-force limits of sign-in (ASVS 6.3.1): refused while the
   * account or address is locked or must wait; a wrong code counts like a wrong password, and
   * a right one clears the account's count.
   */
  private async prove(account: MfaAccount, ip: string, check: () => Promise<boolean>): Promise<void> {
    await this.limits.assertMaySignIn(account.email, ip);
    let matched: boolean;
    try {
      matched = await check();
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.AuthCodeMismatch) {
        await this.limits.recordSignInFailure(account.email, ip);
      }
      throw error;
    }
    if (!matched) {
      await this.limits.recordSignInFailure(account.email, ip);
      throw new ServiceError(ErrorCode.AuthCodeMismatch);
    }
    await this.limits.recordSignInSuccess(account.email);
  }
}

function enabledIn(row: MfaSettingsEntity | null): MfaType[] {
  const enabled: MfaType[] = [];
  if (row?.totpSecret) enabled.push('TOTP');
  if (row?.sms) enabled.push('SMS');
  if (row?.email) enabled.push('EMAIL');
  return enabled;
}

/** SMS codes go only to a phone number a texted code proved (spec §4 "Verify attributes"). */
function verifiedPhone(account: MfaAccount): string {
  if (!account.phone) throw new ServiceError(ErrorCode.MfaPhoneNotVerified);
  return account.phone;
}
