import styles from './chat.module.css';
export const DEMO_BANNER_TEXT = 'THIS IS A DEMO ACCOUNT, NOT FOR DISTRIBUTION';

export function DemoBanner() {
  return (
    <div className={styles['demo-banner']} role="note">
      {DEMO_BANNER_TEXT}
    </div>
  );
}
