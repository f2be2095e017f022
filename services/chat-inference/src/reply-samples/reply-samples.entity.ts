import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { MessageEntity } from '../conversation/message.entity';

/**
 * A persona's reply kept for its creator's review on /creator/preview (issue 23 item 4;
 * docs/creators.md, "Sampled replies"): the fan's message and the reply, both scrubbed of personal
 * data, and the creator's thumbs. `fanId` only counts a fan's samples per day and finds them when
 * the account is erased or the fan opts out; it is never shown. Goes with its reply message (a
 * deleted chat takes its samples along).
 */
@Entity({ name: 'reply_samples' })
@Index('reply_samples_creator_sampled_idx', ['creatorId', 'sampledAt'])
@Index('reply_samples_fan_day_idx', ['fanId', 'creatorId', 'day'])
export class ReplySampleEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'uuid' })
  fanId!: string;

  /** The persona's reply it copies: one sample per reply (the one-to-one below makes it unique). */
  @Column({ type: 'uuid' })
  messageId!: string;

  @OneToOne(() => MessageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'messageId' })
  message?: MessageEntity;

  @Column({ type: 'text' })
  question!: string;

  @Column({ type: 'text' })
  reply!: string;

  /** The UTC day it was sampled: the per-fan daily limit counts by it. */
  @Column({ type: 'date' })
  day!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  sampledAt!: Date;

  /** 'up' or 'down', or null while the creator has not rated it. */
  @Column({ type: 'text', nullable: true })
  rating!: 'up' | 'down' | null;

  @Column({ type: 'timestamptz', nullable: true })
  ratedAt!: Date | null;
}

/** A fan who turned reply sampling off: a row while off, none otherwise (the default is on). */
@Entity({ name: 'reply_sampling_opt_outs' })
export class ReplySamplingOptOutEntity {
  @PrimaryColumn('uuid')
  owner!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  optedOutAt!: Date;
}
