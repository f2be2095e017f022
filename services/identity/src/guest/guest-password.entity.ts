import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Spec §3 GuestPassword. Only a SHA-256 of the random 256-bit anonymous password is kept (see CreateGuest). */
@Entity({ name: 'guest_passwords' })
export class GuestPasswordEntity {
  @PrimaryColumn('uuid')
  guestUserId!: string;

  @Column({ type: 'text' })
  password!: string;
}
