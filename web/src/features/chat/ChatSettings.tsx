import styles from './chat.module.css';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** Phones (spec §9: mobile ≤ 768 px). */
const PHONE_QUERY = '(max-width: 768px)';

function onWidthChange(notify: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/**
 * The chat's settings above the conversation ("What … remembers", the in-person choice). On a phone
 * they fold into one "Chat settings" disclosure, closed at first, so the messages get the screen; on
 * a wider screen they show as they are.
 */
export function ChatSettings({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useSyncExternalStore(onWidthChange, isPhone);
  if (!phone) return <>{children}</>;
  return (
    <details className={styles['chat-settings']} data-testid="chat-settings">
      <summary>{t('chat.settings')}</summary>
      {children}
    </details>
  );
}
