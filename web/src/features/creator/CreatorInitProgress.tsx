import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CREATOR_INIT_STATUSES } from '@backtalk/proto/browser';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { followCreatorInit, startCreatorInit, type CreatorInitStatus } from '../../api';
import styles from './creator.module.css';

/** Spec §4/§9: the bar starts at 6% and creeps 0.005 per second after 3 s without a change. */
const INITIAL_PROGRESS = 0.06;
const CREEP_PER_SECOND = 0.005;
const CREEP_AFTER_MS = 3000;
/** How long 'All done! Your creator account is ready.' stays before /creator/stripe-signup (or the done callback). */
const DONE_REDIRECT_MS = 1500;

/** Progress of a status: step index / 13, never below the initial 6%. */
function progressOf(step: number): number {
  return Math.max(INITIAL_PROGRESS, step / CREATOR_INIT_STATUSES.length);
}

/**
 * The spec's "test environment": the unit-test runner (jest sets NODE_ENV=test), which stays on
 * the page at the end; the browser app always goes on to /creator/stripe-signup.
 */
const isTestEnvironment =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['NODE_ENV'] ===
  'test';

export interface CreatorInitProgressProps {
  /** The heading; the creator's own screen says 'Setting up your AI chat'. */
  title?: string;
  /**
   * The creator whose run is followed (an admin follows a demo account's); omitted: the caller's
   * own creator.
   */
  creatorId?: string;
  /** Starts the run, or answers the one under way (Retry starts a new one after a failure). */
  start?: () => Promise<CreatorInitStatus>;
  /**
   * Spec §4: the admin flow's done callback, called on the last status instead of going to
   * /creator/stripe-signup.
   */
  onDone?: () => void;
}

/**
 * The creator-initialisation screen (spec §2 /creator for a verified creator whose onboarding is
 * incomplete, §4 Creator init progress): starts the run, follows its status live, shows the 13
 * statuses in order with a moving bar, a failed step's error with Retry, and on the last status
 * calls the admin flow's done callback, or goes to /creator/stripe-signup (outside the test
 * environment).
 */
export function CreatorInitProgress({
  title = 'Setting up your AI chat',
  creatorId,
  start = startCreatorInit,
  onDone,
}: CreatorInitProgressProps = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CreatorInitStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState(INITIAL_PROGRESS);
  const changedAt = useRef(0);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, so a parent's new function does not restart the run or the timer.
  const startRef = useRef(start);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    startRef.current = start;
    onDoneRef.current = onDone;
  });

  const onStatus = useCallback((next: CreatorInitStatus) => {
    setStatus(next);
    changedAt.current = Date.now();
    setProgress(progressOf(next.state === 'completed' ? CREATOR_INIT_STATUSES.length : next.step));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        onStatus(await startRef.current());
        await followCreatorInit(onStatus, controller.signal, creatorId);
      } catch (error) {
        if (!controller.signal.aborted)
          setFailure((error as Error).message || 'Failed to start creator setup.');
      }
    })();
    return () => controller.abort();
  }, [attempt, onStatus, creatorId]);

  // The creep: 0.005 per second once 3 s passed without a change, never past the next step.
  useEffect(() => {
    if (!status || status.state !== 'running') return;
    const timer = setInterval(() => {
      if (Date.now() - changedAt.current < CREEP_AFTER_MS) return;
      const ceiling = progressOf(status.step + 1) - 0.001;
      setProgress((current) => Math.min(ceiling, current + CREEP_PER_SECOND));
    }, 1000);
    return () => clearInterval(timer);
  }, [status]);

  const completed = status?.state === 'completed';
  useEffect(() => {
    if (!completed) return;
    // Refreshing the creator shows the creator home here, so it happens as the page is left.
    const timer = setTimeout(
      () => {
        if (onDoneRef.current) {
          onDoneRef.current();
          return;
        }
        void queryClient.invalidateQueries({ queryKey: ['creator'] });
        if (!isTestEnvironment) navigate('/creator/stripe-signup');
      },
      isTestEnvironment ? 0 : DONE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [completed, navigate, queryClient]);

  const failed = status?.state === 'failed';
  const current = status?.step ?? 0;
  return (
    <div className={`page ${styles['page']}`}>
      <div className={styles['card']}>
        <h1 className={styles['title']}>{title}</h1>
        <div
          className={styles['init-bar']}
          role="progressbar"
          aria-label="Creator setup progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className={styles['init-bar__fill']} style={{ width: `${(progress * 100).toFixed(1)}%` }} />
        </div>
        <p className={styles['init-status']} aria-live="polite" data-testid="init-status">
          {status ? (CREATOR_INIT_STATUSES[current] ?? status.status) : CREATOR_INIT_STATUSES[0]}
        </p>
        <ol className={styles['init-steps']}>
          {CREATOR_INIT_STATUSES.map((text, index) => (
            <li
              key={text}
              className={
                index < current || completed
                  ? styles['init-step--done']
                  : index === current
                    ? failed
                      ? styles['init-step--failed']
                      : styles['init-step--current']
                    : styles['init-step']
              }
            >
              {text}
            </li>
          ))}
        </ol>
        {failed || failure ? (
          <>
            <Banner tone="error">{failure ?? status?.error ?? 'This step failed.'}</Banner>
            <div className={styles['row']}>
              <Button
                onClick={() => {
                  setFailure(null);
                  setAttempt((value) => value + 1);
                }}
              >
                Retry
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
