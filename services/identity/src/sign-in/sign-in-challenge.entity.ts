import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The step a challenge waits for: the auto sign-in after confirming, or a sign-in step — the
 * second-factor ones are answered by SecondFactor (sign-in/second-factor.ts).
 */
export type ChallengeStep = 'confirmSignUp' | 'forceNewPassword' | SecondFactorStep;

/**
 * Second-factor steps: choose which factor to use (`selectMfaType`) or set up (`selectMfaSetup`),
 * enter a TOTP, emailed or texted code, set up an app (`setupTotp`) or an address (`setupEmail`, then
 * `confirmEmailSetup` with the code sent there).
 */
export type SecondFactorStep =
  | 'selectMfaType'
  | 'selectMfaSetup'
  | 'confirmTotp'
  | 'confirmEmail'
  | 'confirmSms'
  | 'setupTotp'
  | 'setupEmail'
  | 'confirmEmailSetup';

/**
 * A flow in progress (spec §9 "Challenge session 3 min"): the browser holds a
 * random token, only its SHA-256 is stored. Single-use: answering deletes it,
 * and a step that needs another answer issues a new one.
 */
@Entity({ name: 'sign_in_challenges' })
export class SignInChallengeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('sign_in_challenges_token_hash_key', { unique: true })
  @Column({ type: 'text' })
  tokenHash!: string;

  @Index('sign_in_challenges_user_id_idx')
  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  step!: ChallengeStep;

  /** The guest that started the flow; its chats move to the account when the flow signs in. */
  @Column({ type: 'uuid', nullable: true })
  guestUserId!: string | null;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
