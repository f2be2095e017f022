import styles from './chat.module.css';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
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
 * a wider screen the same element stays open with its summary hidden, so they show as they are. The
 * element is the same at every width: a resize does not remount the panels (the in-person panel
 * holds the conversation's live events).
 */
export function ChatSettings({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useSyncExternalStore(onWidthChange, isPhone);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  return (
    <details
      className={phone ? styles['chat-settings'] : styles['chat-settings--wide']}
      data-testid="chat-settings"
      open={phone ? openOnPhone : true}
      onToggle={(event) => {
        if (phone) setOpenOnPhone(event.currentTarget.open);
      }}
    >
      <summary hidden={!phone}>{t('chat.settings')}</summary>
      {children}
    </details>
  );
}
