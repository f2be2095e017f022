import { lazyImport } from '@backtalk/kit';

/** otplib is loaded on first use: only TOTP set-up and sign-in need it, not every start. */
const loadOtplib = lazyImport(() => import('otplib'));

/** What authenticator apps expect: 6 digits, SHA-1, 30-second steps (RFC 6238 defaults). */
const PERIOD_SECONDS = 30;
const ISSUER = 'Backtalk';
/** One step either side, for clocks a little off and codes typed near a step's end. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** RFC 6238 codes with otplib: 160-bit secrets, otpauth:// URIs for the QR code, verification by step. */
export const Totp = {
  async newSecret(): Promise<string> {
    const { generateSecret } = await loadOtplib();
    return generateSecret({ length: 20 });
  },

  /** The URI an authenticator app scans: issuer Backtalk, the account's email as the label. */
  async uri(secret: string, email: string): Promise<string> {
    const { generateURI } = await loadOtplib();
    return generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD_SECONDS });
  },

  /**
   * The time step `code` belongs to (current, previous or next), or null when it matches none
   * of them or none later than `afterStep` (a code spent already, or an older one).
   */
  async stepOf(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const { verify } = await loadOtplib();
    const result = await verify({
      secret,
      token: code,
      period: PERIOD_SECONDS,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
};
