import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** The public half of an ES256 key as a JWK (RFC 7518 §6.2), without kid/alg/use. */
export type Es256PublicJwk = {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
};

/**
 * Parses a PEM private key and checks that it is a P-256 key, the only curve
 * ES256 signs with. PKCS8 ("BEGIN PRIVATE KEY", what `openssl genpkey` writes)
 * is the documented format; SEC1 ("BEGIN EC PRIVATE KEY") is accepted too.
 */
export function parseEs256PrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('is not a PEM-encoded private key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(
      'must be an EC P-256 key (ES256); create one with `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256`',
    );
  }
  return key;
}

/** Secrets passed through env files often carry `\n` escapes instead of line breaks. */
export function normalizePem(value: string): string {
  return value.replace(/\\n/g, '\n').trim();
}

export function generateEs256PrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function es256PublicJwk(privateKey: KeyObject): Es256PublicJwk {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) throw new Error('Not an ES256 key');
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}
