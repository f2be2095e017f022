import { useState } from 'react';
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
      aria-label="About this AI persona"
      data-testid="ai-persona-notice"
    >
      <p>
        This is an AI persona of {creatorName}, not {creatorName} in person. It answers from their public
        posts and can be wrong. Don&apos;t share personal details such as your address, phone number or
        passwords. <Link to="/how-it-works">How the persona works</Link>
      </p>
      <Button variant="secondary" size="sm" onClick={dismiss}>
        Got it
      </Button>
    </aside>
  );
}

/** A paused persona takes no messages (its creator or Backtalk paused it). */
export function PersonaPausedNotice({ creatorName }: { creatorName: string }) {
  return (
    <div className={styles['paused']} role="status" data-testid="persona-paused">
      {creatorName}&apos;s AI persona is paused right now, so it can&apos;t take messages. Your conversation
      is still here; come back later.
    </div>
  );
}
