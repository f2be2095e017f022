import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software for service tests: an ES256 key pair per credential,
 * 'none' attestation, user presence and verification always given, a signature counter. It
 * signs whatever challenge and origin it is handed, so tests can also forge wrong ones.
 * (The browser test uses Chromium's own virtual authenticator.)
 */
export class SoftwareAuthenticator {
  private readonly credentials = new Map<
    string,
    { key: KeyObject; rpId: string; userHandle: string; counter: number }
  >();

  /** navigator.credentials.create() for these options, as @simplewebauthn/browser returns it. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
  ): { credentialId: string; response: Record<string, unknown> } {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = randomBytes(16);
    const id = credentialId.toString('base64url');
    this.credentials.set(id, { key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cborMap([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      length,
      credentialId,
      coseKey,
    ]);
    const clientDataJSON = clientData('webauthn.create', options.challenge, origin);
    const attestationObject = cborMap([
      ['fmt', 'none'],
      ['attStmt', cborMap([])],
      ['authData', authData],
    ]);
    return {
      credentialId: id,
      response: {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      },
    };
  }

  /** navigator.credentials.get() with the credential `credentialId`, over `challenge` at `origin`. */
  assert(credentialId: string, challenge: string, origin: string): Record<string, unknown> {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error(`no credential ${credentialId}`);
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([0x05]), counter]);
    const clientDataJSON = clientData('webauthn.get', challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}

function sha256(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

type CborValue = number | string | Buffer;

/** The few CBOR items attestation needs: integers, text, bytes and maps (RFC 8949). */
function cborMap(entries: [CborValue, CborValue][]): Buffer {
  const encoded = Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, value]) => [cbor(key), cbor(value)]),
  ]);
  encodedMaps.add(encoded);
  return encoded;
}

/** Maps already encoded, nested as they are; any other Buffer is a byte string. */
const encodedMaps = new WeakSet<Buffer>();

function cbor(value: CborValue): Buffer {
  if (Buffer.isBuffer(value))
    return encodedMaps.has(value) ? value : Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  return value >= 0 ? head(0, value) : head(1, -1 - value);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
