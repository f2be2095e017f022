import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The JWT signing key, generated on first start when JWT_PRIVATE_KEY is not
 * given, so every identity replica signs with the same key and the gateway's
 * JWKS stays valid across restarts.
 */
@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn('text')
  kid!: string;

  @Column({ type: 'text' })
  privateKeyPem!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
