import { type AudienceMinimum, DEFAULT_AUDIENCE_MINIMUM } from '@backtalk/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Spec §3 Creator. `handle` is the last path segment of tiktokURL, lower-cased, for lookups.
 * The spec's stripeAccountId, stripePriceId and onboardingComplete are billing's facts, not
 * kept here (docs/architecture.md, "One owner per fact"); billing.creator-payment.get has them.
 */
@Entity({ name: 'creators' })
export class CreatorEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Index('creators_user_id_idx')
  @Column({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  tiktokURL!: string;

  @Index('creators_handle_key', { unique: true })
  @Column({ type: 'text' })
  handle!: string;

  /** One profile, one creator: a verified profile cannot be claimed twice. */
  @Index('creators_sec_uid_key', { unique: true, where: '"secUid" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  secUid!: string | null;

  @Column({ type: 'text', default: '' })
  bio!: string;

  @Column({ type: 'text', default: '' })
  nickName!: string;

  @Column({ type: 'text', default: '' })
  thumb!: string;

  @Column({ type: 'text', default: '' })
  essencePrompt!: string;

  @Column({ type: 'text', default: '' })
  creatorPrompt!: string;

  @Column({ type: 'boolean', default: false })
  demoAccount!: boolean;

  /** The landing page's 'Try Backtalk now!' creator. */
  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'integer', default: 0 })
  followerCount!: number;

  /**
   * The creator initialisation (posts, persona) finished. False for a creator who has just
   * verified their profile, until the pipeline runs; demo accounts are seeded complete.
   */
  @Column({ type: 'boolean', default: true })
  initComplete!: boolean;

  /** When the owner proved the profile is theirs with a bio key; null for demo accounts. */
  @Column({ type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  /** When the creator or an admin paused the persona (fans cannot send while set); null when running. */
  @Column({ type: 'timestamptz', nullable: true })
  pausedAt!: Date | null;

  /** The youngest fans the chat is for (docs/safety.md, "Age"); fans below it cannot chat. */
  @Column({ type: 'text', default: DEFAULT_AUDIENCE_MINIMUM })
  audienceMinimum!: AudienceMinimum;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
