import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Spec §3 Conversation: several per fan and creator since issue 24 item 1 ("My chats", docs/chat.md). */
@Entity({ name: 'conversations' })
@Index('conversations_owner_creator_idx', ['owner', 'creatorId'])
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The fan's user id; only they read or write it. */
  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  /** The title the fan gave it (empty: none; the first message they wrote stands in). */
  @Column({ type: 'text', default: '' })
  name!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** When the fan last opened it: replies after this are unread (null: never, all are). */
  @Column({ type: 'timestamptz', nullable: true })
  lastReadAt!: Date | null;
}
