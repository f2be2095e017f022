import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Spec §3 CreatorVerificationKey: the key a creator puts in their bio to prove the profile is theirs. */
@Entity({ name: 'creator_verification_keys' })
export class CreatorVerificationKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Index('creator_verification_keys_user_id_idx')
  @Column({ type: 'text' })
  userId!: string;

  @Column({ type: 'text' })
  key!: string;

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
