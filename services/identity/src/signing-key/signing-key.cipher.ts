import { ConfigError } from '@backtalk/kit';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IdentityConfig } from '../identity.config';

/** Format tag of a sealed key: `v1.<encryption key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';

/** Reads a 32-byte key written as base64/base64url (44/43 characters) or hex (64). */
export function parseKeyEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('must be 32 random bytes, base64 or hex (openssl rand -base64 32)');
  return key;
}

/** A short public name for a key (not the key): which key sealed a row, so rotation can find old rows. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/**
 * Encrypts the stored JWT signing key at rest (AES-256-GCM, docs/security.md 7.14).
 * The signing key's own kid is the additional authenticated data, so a sealed
 * value cannot be moved onto another row. Old encryption keys can still open
 * rows until they are resealed with the current one.
 */
export class SigningKeyCipher {
  readonly currentKeyId: string;
  private readonly keys: Map<string, Buffer>;

  constructor(current: Buffer, previous: Buffer[] = []) {
    this.currentKeyId = keyIdOf(current);
    this.keys = new Map([...previous, current].map((key) => [keyIdOf(key), key]));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}.`);
  }

  keyIdOfSealed(value: string): string | undefined {
    return SigningKeyCipher.isSealed(value) ? value.split('.')[1] : undefined;
  }

  seal(privateKeyPem: string, signingKid: string): string {
    const key = this.keys.get(this.currentKeyId)!;
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(signingKid));
    const ciphertext = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
    return [VERSION, this.currentKeyId, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /**
   * The PEM (or other sealed text), or a ConfigError that says which key is missing or wrong;
   * `what` names the value in that error.
   */
  open(sealed: string, signingKid: string, what = `the stored signing key ${signingKid}`): string {
    const [version, keyId, iv, tag, ciphertext] = sealed.split('.');
    const key = keyId === undefined ? undefined : this.keys.get(keyId);
    if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) {
      throw wrongKey(`${what} is not in a format this version reads`);
    }
    if (!key) {
      throw wrongKey(
        `${what} was encrypted with key id ${keyId}, but JWT_KEY_ENCRYPTION_KEY ` +
          `has id ${this.currentKeyId} and JWT_KEY_ENCRYPTION_PREVIOUS_KEYS holds no key with that id — ` +
          'set the key it was encrypted with (as the current or a previous key)',
      );
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(signingKid))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw wrongKey(`${what} does not decrypt with key id ${keyId}: the key or the stored value is damaged`);
    }
  }
}

function wrongKey(message: string): ConfigError {
  return new ConfigError([{ variable: 'JWT_KEY_ENCRYPTION_KEY', message: `cannot be used: ${message}` }]);
}

/** Where standalone mode keeps the key it generated for itself. */
export function standaloneKeyFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'identity', 'jwt-key-encryption.key');
}

/**
 * The cipher for the stored signing key: from JWT_KEY_ENCRYPTION_KEY; in
 * standalone mode from a key generated once in the data folder (readable by
 * its owner only); none when JWT_PRIVATE_KEY makes the stored key unnecessary.
 * Cluster mode without either stops with a clear configuration error.
 */
export function signingKeyCipherFor(config: IdentityConfig): SigningKeyCipher | null {
  const previous = (config.JWT_KEY_ENCRYPTION_PREVIOUS_KEYS?.split(',') ?? []).map(parseKeyEncryptionKey);
  if (config.JWT_KEY_ENCRYPTION_KEY) {
    return new SigningKeyCipher(parseKeyEncryptionKey(config.JWT_KEY_ENCRYPTION_KEY), previous);
  }
  if (config.BACKTALK_MODE === 'standalone') {
    return new SigningKeyCipher(
      parseKeyEncryptionKey(localKeyEncryptionKey(config.BACKTALK_DATA_DIR)),
      previous,
    );
  }
  if (config.JWT_PRIVATE_KEY) return null;
  throw new ConfigError([
    {
      variable: 'JWT_KEY_ENCRYPTION_KEY',
      message:
        'is required when JWT_PRIVATE_KEY is not set: identity stores its signing key encrypted with it ' +
        '(generate one with: openssl rand -base64 32)',
    },
  ]);
}

/**
 * The key-encryption key kept in a data folder (standalone mode, and `npm run
 * start:cluster` on one machine), generated on first use, readable by its owner only.
 */
export function localKeyEncryptionKey(dataDir: string): string {
  const file = standaloneKeyFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': whichever process starts first writes it; the others read the same key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8');
}
