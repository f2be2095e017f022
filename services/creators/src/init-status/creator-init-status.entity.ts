import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Spec §3 CreatorInitStatus: one row per progress step; readers keep the newest. */
@Entity({ name: 'creator_init_statuses' })
@Index('creator_init_statuses_creator_id_updated_idx', ['creatorId', 'updatedAt'])
export class CreatorInitStatusEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  creatorId!: string;

  @Column({ type: 'text' })
  status!: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
