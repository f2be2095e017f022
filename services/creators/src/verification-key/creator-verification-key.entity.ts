import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Spec §3 CreatorVerificationKey: the key a creator puts in their bio to prove the profile is theirs. */
@Entity({ name: 'creator_verification_keys' })
export class CreatorVerificationKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  /** One key per user: generating for another profile replaces it (until it is verified). */
  @Index('creator_verification_keys_user_id_key', { unique: true })
  @Column({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  key!: string;

  /** A verified key proves ownership of exactly one profile, and a profile has one verified key. */
  @Index('creator_verification_keys_verified_sec_uid_key', { unique: true, where: '"verified" = true' })
  @Column({ type: 'text' })
  secUid!: string;

  @Column({ type: 'text' })
  tikTokUserId!: string;

  @Column({ type: 'boolean', nullable: true })
  verified!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  followerCount2500!: boolean | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
