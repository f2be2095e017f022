import { PRODUCT_NAME } from '../../config';
import styles from './creator.module.css';

/** The creator pitch of /creator/signup and /creator/not-logged-in. */
export function CreatorPitch() {
  return (
    <div className={styles['card']}>
      <h1 className={styles['title']}>Become a {PRODUCT_NAME} creator</h1>
      <p className={styles['subtitle']}>
        Give your fans an AI chat that answers like you, built from your own TikTok posts.
      </p>
      <ul className={styles['pitch']}>
        <li>Your persona learns from what you actually post.</li>
        <li>Share one link: /@your-handle.</li>
        <li>Fans subscribe to chat without limits, and you get paid.</li>
      </ul>
    </div>
  );
}
