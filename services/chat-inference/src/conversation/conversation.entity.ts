import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Spec §3 Conversation: one per fan and creator. */
@Entity({ name: 'conversations' })
@Index('conversations_owner_creator_key', ['owner', 'creatorId'], { unique: true })
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The fan's user id; only they read or write it. */
  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text', default: '' })
  name!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
