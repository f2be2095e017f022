import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 GuestUser: an anonymous fan, keyed by the user id it signs in as. */
@Entity({ name: 'guest_users' })
export class GuestUserEntity {
  /** The guest's user id (the spec's cognitoUsername). */
  @PrimaryColumn('uuid')
  cognitoUsername!: string;

  @Column({ type: 'text' })
  creatorId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastActiveAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  ipAddress!: string | null;

  @Column({ type: 'text', nullable: true })
  userAgent!: string | null;

  /** True once the guest's chats belong to the account it signed up or signed in as. */
  @Column({ type: 'boolean', nullable: true })
  convertedToUser!: boolean | null;

  /** The account the guest became; set before its chats move, so a failed move is retried. */
  @Column({ type: 'uuid', nullable: true })
  convertedUserId!: string | null;
}
