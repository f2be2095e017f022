import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

const bigintAsNumber = {
  to: (value: number) => value,
  from: (value: string) => Number(value),
};

/**
 * One WebAuthn credential of a user (docs/architecture.md, "Passkeys"): its public key,
 * signature counter and transports. The private key never leaves the authenticator.
 */
@Entity({ name: 'passkeys' })
@Index('passkeys_user_id_idx', ['userId'])
export class PasskeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The credential id (base64url) the authenticator answers with; one account per credential. */
  @Index('passkeys_credential_id_key', { unique: true })
  @Column({ type: 'text' })
  credentialId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  /** COSE public key. */
  @Column({ type: 'bytea' })
  publicKey!: Buffer;

  /** The authenticator's signature counter (0 for authenticators that keep none). */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber })
  counter!: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  transports!: string[];

  @Column({ type: 'text' })
  name!: string;

  /** Synced between the user's devices (a multi-device credential). */
  @Column({ type: 'boolean', default: false })
  backedUp!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
