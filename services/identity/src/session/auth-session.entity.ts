import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One sign-in session of a user: a refresh-token family (`id` is the family
 * id), with what the user needs to recognise it in their list of sessions.
 */
@Entity({ name: 'sessions' })
@Index('sessions_user_id_idx', ['userId'])
export class AuthSessionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  lastUsedAt!: Date;

  /** When the newest refresh token of the session expires. */
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ type: 'text', nullable: true })
  ipAddress!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
