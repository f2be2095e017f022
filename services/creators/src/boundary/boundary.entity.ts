import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';

/**
 * A topic a creator's persona must not discuss, and the creator's sentence declining it
 * (docs/safety.md, "Creator boundaries"). Part of the persona's definition: it goes with the
 * creator record.
 */
@Entity({ name: 'creator_boundaries' })
@Index('creator_boundaries_creator_id_position_idx', ['creatorId', 'position'])
export class BoundaryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @ManyToOne(() => CreatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'creatorId' })
  creator?: CreatorEntity;

  /** The creator's order on /creator/tools. */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  topic!: string;

  /** Null: the default decline answers. */
  @Column({ type: 'text', nullable: true })
  decline!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
