import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import styles from './mfa.module.css';

/** Spec §2: the QR code of the authenticator URI is drawn at 228×228. */
const QR_SIZE = 228;

/**
 * An authenticator app's key, as the sign-in screen's setupTotp step and the account page show
 * it: the 228×228 QR code of the otpauth URI, and the secret with COPY, which turns COPIED
 * (spec §2) until another secret is shown.
 */
export function AuthenticatorKey({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const [copiedSecret, setCopiedSecret] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopiedSecret(secret);
    } catch (error) {
      // The secret stays on screen to type by hand.
      console.error('Could not copy the secret', error);
    }
  };
  return (
    <>
      <div className={styles['qr']}>
        <QRCodeSVG
          value={otpauthUri}
          size={QR_SIZE}
          role="img"
          aria-label="QR code for your authenticator app"
          data-testid="totp-qr"
        />
      </div>
      <div className={styles['secret']}>
        <code className={styles['secret__value']} data-testid="totp-secret">
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copiedSecret === secret ? 'COPIED' : 'COPY'}
        </Button>
      </div>
    </>
  );
}
