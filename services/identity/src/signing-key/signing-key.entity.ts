import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The JWT signing key, generated on first start when JWT_PRIVATE_KEY is not
 * given, so every identity replica signs with the same key and the gateway's
 * JWKS stays valid across restarts. At most one key is active (a unique
 * partial index), so replicas starting together cannot each store their own.
 */
@Entity({ name: 'signing_keys' })
@Index('signing_keys_one_active_key', ['active'], { unique: true, where: '"active"' })
export class SigningKeyEntity {
  /** RFC 7638 thumbprint of the public key. */
  @PrimaryColumn('text')
  kid!: string;

  /**
   * The PKCS8 PEM, encrypted with JWT_KEY_ENCRYPTION_KEY (SigningKeyCipher), never in
   * plain text: a database dump or backup must not hand out the key that signs every token.
   */
  @Column({ type: 'text' })
  sealedPrivateKey!: string;

  /** The key that signs new tokens; kept as a column so a later rotation can retire keys. */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
