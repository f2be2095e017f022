import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type PasskeyCeremony = 'registration' | 'authentication';

/**
 * The challenge of passkey options given out and not yet answered: single-use (deleted when
 * answered) and short-lived (PASSKEY_CHALLENGE_TTL_SECONDS). Kept as its SHA-256, looked up by
 * the challenge the browser's signed client data names.
 */
@Entity({ name: 'passkey_challenges' })
@Index('passkey_challenges_expires_idx', ['expiresAt'])
export class PasskeyChallengeEntity {
  @PrimaryColumn({ type: 'text' })
  challengeHash!: string;

  @Column({ type: 'text' })
  ceremony!: PasskeyCeremony;

  /** The account registering (registration only). */
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
