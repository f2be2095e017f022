import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** `creator`: the creator's in-person message (inbox), never shown to the model as the persona's words. */
export type MessageRole = 'user' | 'assistant' | 'creator';
export type ModerationDirection = 'fan-message' | 'persona-reply';
/** proto's MessageKind: the persona's message (and every fan message), or what moderation answered with. */
export type MessageKind = 'message' | 'safety-notice' | 'crisis-care';

/** proto's CrisisCare, as stored. */
export interface StoredCrisisCare {
  country: string | null;
  countryName: string;
  emergency: string;
  lines: { name: string; contact: string; url: string }[];
}
export type MessageStatus = 'complete' | 'streaming' | 'failed';

export interface MessageCitation {
  postId: string;
  date: string;
  url: string;
  caption: string;
}

/** Spec §3 Message. Assistant text is saved as it streams, so nothing is lost on a crash. */
@Entity({ name: 'messages' })
@Index('messages_conversation_created_idx', ['conversationId', 'createdAt', 'id'])
@Index('messages_owner_created_idx', ['owner', 'createdAt'])
@Index('messages_owner_streaming_idx', ['owner'], { where: `"status" = 'streaming'` })
@Index('messages_streaming_updated_idx', ['updatedAt'], { where: `"status" = 'streaming'` })
@Index('messages_flagged_at_idx', ['flaggedAt'], { where: `"flaggedAt" IS NOT NULL` })
export class MessageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  conversationId!: string;

  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'text' })
  role!: MessageRole;

  /** Content blocks as sent (`[{ text }]`). */
  @Column({ type: 'jsonb' })
  content!: { text: string }[];

  @Column({ type: 'jsonb', nullable: true })
  aiContext!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  toolConfiguration!: Record<string, unknown> | null;

  @Column({ type: 'text', default: 'complete' })
  status!: MessageStatus;

  @Column({ type: 'text', nullable: true })
  stopReason!: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  citations!: MessageCitation[];

  /**
   * What the send took from the origin counters besides the fan's own allowance (`{ scopes, keys }`),
   * or null when it took nothing; set by `send_turn`, cleared when a reply interrupted by a crash
   * gives it back (InterruptedReplies).
   */
  @Column({ type: 'jsonb', nullable: true })
  freeTierTicket!: { scopes: string[]; keys: string[] } | null;

  /** The persona's message (and every fan message), a safety notice, or the crisis-care card (docs/safety.md). */
  @Column({ type: 'text', default: 'message' })
  kind!: MessageKind;

  /** The crisis card's resources (`kind` crisis-care). */
  @Column({ type: 'jsonb', nullable: true })
  care!: StoredCrisisCare | null;

  /** The moderation verdict (null: not checked — no moderator, or a notice). Never logged with text. */
  @Column({ type: 'text', nullable: true })
  moderationDirection!: ModerationDirection | null;

  @Column({ type: 'boolean', nullable: true })
  moderationFlagged!: boolean | null;

  @Column({ type: 'text', array: true, nullable: true })
  moderationCategories!: string[] | null;

  /** Which moderator decided (a provider, or the floor). */
  @Column({ type: 'text', nullable: true })
  moderationDecidedBy!: string | null;

  /** A replaced reply's flagged text, kept for review only; `content` holds the safe message. */
  @Column({ type: 'text', nullable: true })
  moderationReviewText!: string | null;

  /** When flagged content was kept for review; retention erases it MODERATION_REVIEW_RETENTION_DAYS later. */
  @Column({ type: 'timestamptz', nullable: true })
  flaggedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
