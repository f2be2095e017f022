import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's TikTok account, connected through Login Kit: its tokens, which only ingestion reads
 * (never logged, never answered). One per user; connecting again replaces it. Erased at once
 * when the account is deleted (docs/retention.md).
 */
@Entity({ name: 'tiktok_connections' })
export class TikTokConnectionEntity {
  @PrimaryColumn({ type: 'text' })
  userId!: string;

  /** TikTok's id of the user within this app. */
  @Column({ type: 'text' })
  openId!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  displayName!: string;

  @Column({ type: 'text' })
  avatarUrl!: string;

  /** The scopes the user granted (comma-separated, as TikTok answers them). */
  @Column({ type: 'text' })
  scope!: string;

  @Column({ type: 'text' })
  accessToken!: string;

  @Column({ type: 'timestamptz' })
  accessTokenExpiresAt!: Date;

  @Column({ type: 'text' })
  refreshToken!: string;

  @Column({ type: 'timestamptz' })
  refreshTokenExpiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  connectedAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * A connection under way: the hash of the `state` sent to TikTok, bound to the user who
 * started it and to the browser (the hash of its binding cookie). Used once; lives 10 minutes.
 */
@Entity({ name: 'tiktok_authorizations' })
export class TikTokAuthorizationEntity {
  @PrimaryColumn({ type: 'text' })
  stateHash!: string;

  @Column({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  bindingHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
}
