import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A fact a persona remembers about a fan (issue 24 item 2): the fan's personal data, per fan and
 * creator, erased with the account and by retention (docs/retention.md).
 */
@Entity({ name: 'fan_memories' })
@Index('fan_memories_owner_creator_idx', ['owner', 'creatorId', 'createdAt'])
@Index('fan_memories_updated_idx', ['updatedAt'])
export class FanMemoryEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  owner!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text' })
  text!: string;

  /** The fan message it was learnt from; null once the fan edited it. */
  @Column({ type: 'uuid', nullable: true })
  sourceMessageId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** A fan's memory switch; no row means the default (on for adults, off for minors). */
@Entity({ name: 'fan_memory_settings' })
export class FanMemorySettingEntity {
  @PrimaryColumn('uuid')
  owner!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
