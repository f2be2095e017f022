import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type MessageRole = 'user' | 'assistant';
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
@Index('messages_owner_streaming_idx', ['owner'], { where: `"status" = 'streaming'` })
@Index('messages_streaming_updated_idx', ['updatedAt'], { where: `"status" = 'streaming'` })
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
