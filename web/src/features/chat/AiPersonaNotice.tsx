import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import styles from './honesty.module.css';

const storageKey = (creatorId: string) => `backtalk.ai-notice.${creatorId}`;

function dismissedFor(creatorId: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(creatorId)) === 'dismissed';
  } catch {
    return false;
  }
}

/**
 * The first chat with a creator says plainly what the persona is (docs/safety.md, "Honesty"):
 * an AI, which can be wrong, to which personal details do not belong. Dismissed once per creator,
 * remembered on this device.
 */
export function AiPersonaNotice({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => dismissedFor(creatorId));
  if (dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(storageKey(creatorId), 'dismissed');
    } catch {
      // Private mode: the notice comes back next visit, which is harmless.
    }
    setDismissed(true);
  };
  return (
    <aside
      className={styles['persona-notice']}
      aria-label={t('chat.personaNoticeLabel')}
      data-testid="ai-persona-notice"
    >
      <p>
        <Trans
          i18nKey="chat.personaNotice"
          values={{ name: creatorName }}
          components={{ 1: <Link to="/how-it-works" /> }}
        />
      </p>
      <Button variant="secondary" size="sm" onClick={dismiss}>
        {t('chat.gotIt')}
      </Button>
    </aside>
  );
}

/** A paused persona takes no messages (its creator or Backtalk paused it). */
export function PersonaPausedNotice({ creatorName }: { creatorName: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles['paused']} role="status" data-testid="persona-paused">
      {t('chat.paused', { name: creatorName })}
    </div>
  );
}
