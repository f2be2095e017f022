import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A fan's standing in chat: a cool-down running until a time, or a suspension (docs/safety.md). */
@Entity({ name: 'fan_chat_standings' })
export class FanChatStandingEntity {
  @PrimaryColumn('uuid')
  fanId!: string;

  @Column({ type: 'timestamptz', nullable: true })
  cooledDownUntil!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  suspendedAt!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** One fan message moderation blocked, counted towards a cool-down; cleared when one begins. */
@Entity({ name: 'fan_blocked_messages' })
@Index('fan_blocked_messages_fan_idx', ['fanId', 'blockedAt'])
export class FanBlockedMessageEntity {
  @PrimaryGeneratedColumn('identity')
  id!: number;

  @Column({ type: 'uuid' })
  fanId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  blockedAt!: Date;
}

/** chat-inference's read copy of creators' fact that a persona is paused (fed by its durable event). */
@Entity({ name: 'persona_pauses' })
export class PersonaPauseEntity {
  @PrimaryColumn('uuid')
  creatorId!: string;

  @Column({ type: 'timestamptz', nullable: true })
  pausedAt!: Date | null;

  /** When creators made the change this row holds; an older change arriving late is ignored. */
  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}

/** A message an admin hid: its fan sees "This message was hidden", and the model never sees it again. */
@Entity({ name: 'hidden_messages' })
export class HiddenMessageEntity {
  @PrimaryColumn('uuid')
  messageId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  hiddenAt!: Date;
}
