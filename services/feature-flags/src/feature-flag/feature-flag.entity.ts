import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type FlagEnvironment = 'development' | 'production';

@Entity({ name: 'feature_flags' })
@Index('feature_flags_name_environment_key', ['name', 'environment'], { unique: true })
export class FeatureFlagEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text' })
  environment!: FlagEnvironment;

  @Column({ type: 'text', nullable: true })
  lastUpdatedBy!: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
