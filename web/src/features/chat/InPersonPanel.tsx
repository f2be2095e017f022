import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInboxConsentMutation, useInPersonStateQuery } from '../../api';
import { useChatStore } from './chat.store';
import styles from './in-person.module.css';
import { useInPersonEvents } from './useInPersonEvents';

/**
 * The fan's choice to let the creator read this conversation (off by default; docs/architecture.md,
 * "Inbox"), the banner while the creator replies in person, and the live events that bring their
 * messages into the open chat.
 */
export function InPersonPanel({ creatorName }: { creatorName: string }) {
  const { t } = useTranslation();
  const conversationId = useChatStore((state) => state.conversationId);
  const state = useInPersonStateQuery(conversationId);
  const consent = useInboxConsentMutation(conversationId);
  const allowed = state.data?.creatorMayRead ?? false;
  // The box follows the click at once; the server's answer (or a failure) settles it.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  useInPersonEvents(conversationId, allowed);
  if (!conversationId || !state.data) return null;
  return (
    <div className={styles['panel']} data-testid="in-person-panel">
      <label className={styles['toggle']}>
        <input
          type="checkbox"
          checked={choosing ?? allowed}
          disabled={consent.isPending}
          onChange={(event) => {
            setChoosing(event.target.checked);
            consent.mutate(event.target.checked, { onSettled: () => setChoosing(null) });
          }}
        />
        <span>{t('messages.inPersonToggle', { name: creatorName })}</span>
      </label>
      {allowed && state.data.inPerson ? (
        <p className={styles['banner']} role="status" data-testid="in-person-banner">
          {t('messages.inPersonBanner', { name: creatorName })}
        </p>
      ) : null}
      {consent.isError ? (
        <p className={styles['error']} role="alert">
          {t('messages.inPersonFailed')}
        </p>
      ) : null}
    </div>
  );
}
