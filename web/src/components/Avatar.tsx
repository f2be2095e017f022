import { useState } from 'react';
import styles from './components.module.css';

export interface AvatarProps {
  src?: string | null;
  name: string;
  size?: number;
}

/**
 * Whether a picture comes from Backtalk itself: a path on this origin (the media route) or a
 * drawn `data:` image. Creators' avatars are served that way (docs/creators.md); anything else —
 * another site's URL, a tracking pixel — is never loaded in a fan's browser.
 */
function isOwnOriginImage(src: string): boolean {
  return (/^\/(?![/\\])/.test(src) && !/[\s\\]/.test(src)) || src.startsWith('data:image/');
}

/**
 * A round picture, falling back to the name's initial when there is none, it is not Backtalk's
 * own, or it fails to load.
 */
export function Avatar({ src, name, size = 40 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={styles['avatar']}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {src && isOwnOriginImage(src) && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
