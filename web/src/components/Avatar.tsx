import { useState } from 'react';
import styles from './components.module.css';

export interface AvatarProps {
  src?: string | null;
  name: string;
  size?: number;
}

/** A round picture, falling back to the name's initial when there is none or it fails to load. */
export function Avatar({ src, name, size = 40 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={styles['avatar']}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      {src && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
