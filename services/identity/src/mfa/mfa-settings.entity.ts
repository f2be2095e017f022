import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** PostgreSQL returns bigint as a string; time steps fit a JavaScript number for millennia. */
const bigintAsNumber = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One account's second factors (docs/architecture.md, "MFA"). A row exists once the user
 * started setting one up. TOTP secrets are stored sealed (AES-256-GCM under the key-encryption
 * key, bound to the user id), never in plain text.
 */
@Entity({ name: 'mfa_settings' })
export class MfaSettingsEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** The confirmed authenticator app's secret, sealed; null while TOTP is off. */
  @Column({ type: 'text', nullable: true })
  totpSecret!: string | null;

  /** A secret shown for setup and not yet confirmed by a first code, sealed. */
  @Column({ type: 'text', nullable: true })
  pendingTotpSecret!: string | null;

  /** The time step of the last TOTP code accepted: each code works once (ASVS 6.5.1). */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  totpLastStep!: number | null;

  /** Where sign-in codes are emailed; null while email MFA is off. */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** The address a setup code went to, until that code confirms it. */
  @Column({ type: 'text', nullable: true })
  pendingEmail!: string | null;

  /** SMS codes are on; they go to the account's verified phone number (users.verifiedPhoneNumber). */
  @Column({ type: 'boolean', default: false })
  sms!: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
