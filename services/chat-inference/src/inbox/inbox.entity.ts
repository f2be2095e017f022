import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ConversationEntity } from '../conversation/conversation.entity';

/**
 * A fan's consent that the creator may read one conversation (issue 23 item 5): a row while they
 * allow it, none otherwise (the default). `inPersonSince` is set while the creator replies in
 * person and cleared when they hand the thread back to the persona. Goes with its conversation.
 */
@Entity({ name: 'inbox_consents' })
export class InboxConsentEntity {
  @PrimaryColumn('uuid')
  conversationId!: string;

  /** Erased with the conversation (a deleted account leaves no consent behind). */
  @OneToOne(() => ConversationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversationId' })
  conversation?: ConversationEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  allowedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  inPersonSince!: Date | null;
}

/**
 * A fan's chat open right now (an event stream held by some replica): the creator's in-person
 * reply is emailed only when none was seen lately. A watch refreshes `seenAt` and removes its row
 * when it ends; a row a dead process left behind stops counting once `seenAt` is old.
 */
@Entity({ name: 'conversation_watches' })
@Index('conversation_watches_conversation_idx', ['conversationId'])
export class ConversationWatchEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  conversationId!: string;

  @ManyToOne(() => ConversationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversationId' })
  conversation?: ConversationEntity;

  @Column({ type: 'timestamptz' })
  seenAt!: Date;
}
