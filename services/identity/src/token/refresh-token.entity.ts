import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One refresh token of a session. Tokens rotate: using one marks it used and
 * issues the next in the same family; presenting a used token again is reuse,
 * which revokes the whole family.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('refresh_tokens_token_hash_key', { unique: true })
  @Column({ type: 'text' })
  tokenHash!: string;

  @Index('refresh_tokens_user_id_idx')
  @Column({ type: 'uuid' })
  userId!: string;

  @Index('refresh_tokens_family_id_idx')
  @Column({ type: 'uuid' })
  familyId!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** The token this one was rotated into: a refresh with this token soon after may be a second tab. */
  @Column({ type: 'uuid', nullable: true })
  successorId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
