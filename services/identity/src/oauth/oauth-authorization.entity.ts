import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A started OAuth sign-in, waiting for the provider's callback: the PKCE code
 * verifier, the nonce and where to go afterwards. Found by the hash of its
 * `state`; the browser that started it holds the binding cookie whose hash is
 * stored here. Single-use: the callback deletes it before anything else, and
 * it expires after OAUTH_AUTHORIZATION_TTL_SECONDS.
 */
@Entity({ name: 'oauth_authorizations' })
export class OAuthAuthorizationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('oauth_authorizations_state_hash_key', { unique: true })
  @Column({ type: 'text' })
  stateHash!: string;

  @Column({ type: 'text' })
  provider!: string;

  /** Spec §9: 128 characters; sent to the token endpoint only. */
  @Column({ type: 'text' })
  codeVerifier!: string;

  @Column({ type: 'text' })
  nonce!: string;

  @Column({ type: 'text' })
  bindingHash!: string;

  /** The redirect URI the authorization request named; the code exchange must name it again. */
  @Column({ type: 'text' })
  redirectUri!: string;

  @Column({ type: 'text', nullable: true })
  returnTo!: string | null;

  /** The guest that started the sign-in; its chats move to the account. */
  @Column({ type: 'uuid', nullable: true })
  guestUserId!: string | null;

  @Index('oauth_authorizations_expires_at_idx')
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
