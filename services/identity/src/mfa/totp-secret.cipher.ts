import { Injectable, Logger } from '@nestjs/common';
import { IdentityConfig } from '../identity.config';
import { SigningKeyCipher, signingKeyCipherFor } from '../signing-key/signing-key.cipher';

/**
 * Seals TOTP secrets at rest the way the signing key is sealed (AES-256-GCM under
 * JWT_KEY_ENCRYPTION_KEY, or standalone's generated key; docs/security.md 7.14), with
 * `totp:<user id>` as the associated data, so a sealed secret cannot be moved to another
 * user's row. Without a key-encryption key (cluster mode with only JWT_PRIVATE_KEY), TOTP is
 * not offered.
 */
@Injectable()
export class TotpSecretCipher {
  private readonly logger = new Logger(TotpSecretCipher.name);
  private readonly cipher: SigningKeyCipher | null;

  constructor(config: IdentityConfig) {
    let cipher: SigningKeyCipher | null = null;
    try {
      cipher = signingKeyCipherFor(config);
    } catch {
      // No key at all: the signing key service stops the start with the clear error.
    }
    if (!cipher) this.logger.warn('TOTP is not offered: set JWT_KEY_ENCRYPTION_KEY to store its secrets');
    this.cipher = cipher;
  }

  get available(): boolean {
    return this.cipher !== null;
  }

  seal(userId: string, secret: string): string {
    return this.required().seal(secret, associatedData(userId));
  }

  open(userId: string, sealed: string): string {
    return this.required().open(sealed, associatedData(userId), `the TOTP secret of user ${userId}`);
  }

  /** Whether a sealed value was sealed with an older key-encryption key (resealed on use). */
  isStale(sealed: string): boolean {
    return this.cipher !== null && this.cipher.keyIdOfSealed(sealed) !== this.cipher.currentKeyId;
  }

  private required(): SigningKeyCipher {
    if (!this.cipher) throw new Error('TOTP secrets cannot be sealed without a key-encryption key');
    return this.cipher;
  }
}

function associatedData(userId: string): string {
  return `totp:${userId}`;
}
