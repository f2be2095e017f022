import { useState } from 'react';
import { useInboxConsentMutation, useInPersonStateQuery } from '../../api';
import { useChatStore } from './chat.store';
import styles from './in-person.module.css';
import { useInPersonEvents } from './useInPersonEvents';

const IN_PERSON_TEXT = {
  toggle: (creatorName: string) => `Let ${creatorName} read this conversation and reply in person`,
  inPerson: (creatorName: string) => `${creatorName} is here in person and may reply to you themselves.`,
  failed: 'Could not change this setting. Try again.',
} as const;

/**
 * The fan's choice to let the creator read this conversation (off by default; docs/architecture.md,
 * "Inbox"), the banner while the creator replies in person, and the live events that bring their
 * messages into the open chat.
 */
export function InPersonPanel({ creatorName }: { creatorName: string }) {
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
        <span>{IN_PERSON_TEXT.toggle(creatorName)}</span>
      </label>
      {allowed && state.data.inPerson ? (
        <p className={styles['banner']} role="status" data-testid="in-person-banner">
          {IN_PERSON_TEXT.inPerson(creatorName)}
        </p>
      ) : null}
      {consent.isError ? (
        <p className={styles['error']} role="alert">
          {IN_PERSON_TEXT.failed}
        </p>
      ) : null}
    </div>
  );
}
