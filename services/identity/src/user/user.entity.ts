import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Spec §3 User. `id` equals the auth username. Stripe customers live in billing. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  owner!: string;

  @Column({ type: 'text' })
  username!: string;

  @Index('users_email_key', { unique: true, where: '"email" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'boolean', default: false })
  emailVerified!: boolean;

  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text', nullable: true })
  profilePictureURL!: string | null;

  @Column({ type: 'boolean', default: false })
  isCreator!: boolean;

  @Column({ type: 'boolean', default: false })
  isGuest!: boolean;

  /** Group membership; 'admin' (precedence 0) grants the admin role. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  groups!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
