import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A provider account linked to a user: the provider's subject (`sub`, or its user id) signs in as `userId`. */
@Entity({ name: 'user_identities' })
@Index('user_identities_provider_subject_key', ['provider', 'subject'], { unique: true })
export class UserIdentityEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('user_identities_user_id_idx')
  @Column({ type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @Column({ type: 'text' })
  subject!: string;

  /** The email the provider last reported, and whether it vouched for it. */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'boolean', default: false })
  emailVerified!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  lastSignInAt!: Date;
}
