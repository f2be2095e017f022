import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The profile part of the data export a user imported (one per user; a new import replaces it). */
@Entity({ name: 'data_export_profiles' })
export class DataExportProfileEntity {
  @PrimaryColumn({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  handle!: string;

  @Column({ type: 'text' })
  nickName!: string;

  @Column({ type: 'text' })
  bio!: string;

  @Column({ type: 'text' })
  avatarUrl!: string;

  @Column({ type: 'integer' })
  followerCount!: number;

  @Column({ type: 'integer' })
  videoCount!: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  importedAt!: Date;
}
