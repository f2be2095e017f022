import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a code proves: the sign-up email, a password reset, or the user's email (spec §4). */
export type CodePurpose = 'sign-up' | 'password-reset' | 'verify-email';

/**
 * One emailed code. At most one per user and purpose (a new code replaces the
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
