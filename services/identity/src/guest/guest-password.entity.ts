import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 GuestPassword. Only an argon2id hash of the anonymous password is kept. */
@Entity({ name: 'guest_passwords' })
export class GuestPasswordEntity {
  @PrimaryColumn('uuid')
  guestUserId!: string;

  @Column({ type: 'text' })
  password!: string;
}
