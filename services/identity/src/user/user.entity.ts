import type { AgeBand } from '@backtalk/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Spec §3 User. `id` equals the auth username. Stripe customers live in billing. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  username!: string;

  @Index('users_email_key', { unique: true, where: '"email" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'boolean', default: false })
  emailVerified!: boolean;

  /** argon2id (PHC string) of an account's password; null for guests. */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  /**
   * The E.164 phone number a texted code proved (spec §4 "Verify attributes"): the phone is
   * verified while it equals the `phone_number` attribute; null until one is proved.
   */
  @Column({ type: 'text', nullable: true })
  verifiedPhoneNumber!: string | null;

  /** An account is confirmed once its email code was entered (spec §4 Sign-up); guests never are. */
  @Column({ type: 'boolean', default: false })
  confirmed!: boolean;

  /** Spec §4 "New password required": the next sign-in asks for a new password first. */
  @Column({ type: 'boolean', default: false })
  passwordChangeRequired!: boolean;

  /** Spec §4 "Reset required": the next sign-in sends the user to forgot-password. */
  @Column({ type: 'boolean', default: false })
  passwordResetRequired!: boolean;

  /** Standard and `custom:` attributes given at sign-up (spec §3 form fields). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes!: Record<string, string>;

  @Column({ type: 'text', nullable: true })
  profilePictureURL!: string | null;

  @Column({ type: 'boolean', default: false })
  isCreator!: boolean;

  @Column({ type: 'boolean', default: false })
  isGuest!: boolean;

  /**
   * The age band a guest confirmed (docs/safety.md, "Age"); null until it answers, and always for
   * accounts, whose band comes from the `birthdate` attribute.
   */
  @Column({ type: 'text', nullable: true })
  confirmedAgeBand!: AgeBand | null;

  /** Group membership; 'admin' (precedence 0) grants the admin role. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  groups!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
