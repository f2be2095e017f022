import { loadJose } from '../signing-key/jose.loader';
import type { OAuthProviderSettings } from './oauth.config';
import type { OpenIdClient } from './openid-client.loader';

type AppleSettings = Extract<OAuthProviderSettings, { provider: 'apple' }>;
type ClientAuth = ReturnType<OpenIdClient['ClientSecretPost']>;

/** Each secret is valid for 5 minutes (Apple allows up to 6 months) and renewed a minute before. */
const LIFETIME_SECONDS = 300;
const RENEW_BEFORE_MS = 60_000;

/**
 * Sign in with Apple's client secret is not a fixed string: it is a JWT that
 * the app signs (ES256) with its Sign in with Apple key — `iss` the team id,
 * `sub` the Services ID, `aud` Apple's issuer, header `kid` the key id — sent
 * as `client_secret` with the code exchange (client_secret_post).
 */
export class AppleClientSecret {
  private value?: string;
  private expiresAt = 0;

  constructor(private readonly settings: AppleSettings) {}

  /** Makes sure a secret with at least a minute left is ready for `clientAuth`. */
  async refresh(now = Date.now()): Promise<void> {
    if (this.value && now < this.expiresAt - RENEW_BEFORE_MS) return;
    const { SignJWT, importPKCS8 } = await loadJose();
    const key = await importPKCS8(this.settings.privateKey, 'ES256');
    const issuedAt = Math.floor(now / 1000);
    this.value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.settings.keyId })
      .setIssuer(this.settings.teamId)
      .setSubject(this.settings.clientId)
      .setAudience(this.settings.issuer.replace(/\/+$/, ''))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIFETIME_SECONDS)
      .sign(key);
    this.expiresAt = (issuedAt + LIFETIME_SECONDS) * 1000;
  }

  /** client_secret_post with the current secret (openid-client's client authentication is synchronous). */
  clientAuth(): ClientAuth {
    return (_server, client, body) => {
      if (!this.value) throw new Error('the Apple client secret was not prepared before the token request');
      body.set('client_id', client.client_id);
      body.set('client_secret', this.value);
    };
  }
}
