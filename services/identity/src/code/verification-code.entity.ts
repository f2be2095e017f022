import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What an emailed code proves: the sign-up email, a password reset, or the user's email (spec §4);
 * a second factor at sign-in, the address email MFA will use, or the email factor before it is
 * turned off.
 */
export type EmailCodePurpose =
  'sign-up' | 'password-reset' | 'verify-email' | 'mfa-sign-in' | 'mfa-email-setup' | 'mfa-step-up';

/**
 * What a texted code proves: the user's phone number (spec §4), that SMS MFA may be turned on,
 * the SMS second factor at sign-in, or the SMS factor before it is turned off.
 */
export type SmsCodePurpose = 'verify-phone' | 'mfa-sms-setup' | 'mfa-sms-sign-in' | 'mfa-sms-step-up';

export type CodePurpose = EmailCodePurpose | SmsCodePurpose;

/**
 * One emailed or texted code. At most one per user and purpose (a new code replaces the
 * old); only an argon2id hash is kept; deleted when used, and refused once
 * expired or after too many wrong guesses.
 */
@Entity({ name: 'verification_codes' })
@Index('verification_codes_user_purpose_key', ['userId', 'purpose'], { unique: true })
export class VerificationCodeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  purpose!: CodePurpose;

  @Column({ type: 'text' })
  codeHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
