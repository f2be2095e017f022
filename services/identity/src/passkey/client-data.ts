/**
 * The challenge a browser's answer was signed over, read from its client data JSON (base64url),
 * to find the options it answers; null when the client data is not readable. The verifier then
 * checks the signature, origin and type of the same client data.
 */
export function challengeOfClientData(clientDataJSON: string): string | null {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,512}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}
