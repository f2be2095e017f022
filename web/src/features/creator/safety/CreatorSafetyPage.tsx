import { ApiError, reasonLabel, useCreatorReportsQuery, usePersonaPauseMutation } from '../../../api';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { LoadFailedBanner } from '../../admin/reports/LoadFailedBanner';
import styles from '../../admin/reports/reports.module.css';
import { useMyCreatorQuery } from '../useCreatorQueries';

export const CREATOR_SAFETY_TEXT = {
  title: 'Safety',
  hint: 'Replies of your persona that fans reported. You never see who reported them: each fan has an anonymous label.',
  loadFailed: 'Failed to fetch reports',
  empty: 'No reports about your persona.',
  paused: 'Your persona is paused: fans cannot send it messages.',
  running: 'Your persona is taking messages.',
} as const;

const STATE_TEXT = { open: 'Under review', dismissed: 'Dismissed', actioned: 'Acted on' } as const;

/** /creator/safety: the persona's reports, anonymised, and the pause switch (docs/safety.md, "Reports"). */
export function CreatorSafetyPage() {
  const creator = useMyCreatorQuery();
  const creatorId = creator.data?.id ?? null;
  const reports = useCreatorReportsQuery(creatorId);
  const pause = usePersonaPauseMutation();
  const paused = creator.data?.paused ?? false;
  const pauseFailure =
    pause.error instanceof ApiError ? pause.error.message : pause.error ? 'Could not change it.' : null;
  return (
    <section className={`page ${styles['page']}`}>
      <h1>{CREATOR_SAFETY_TEXT.title}</h1>
      {creator.isPending ? <Spinner label="Loading your persona" /> : null}
      {creator.data ? (
        <div className={styles['pause']}>
          <p role="status" data-testid="persona-state">
            {paused ? CREATOR_SAFETY_TEXT.paused : CREATOR_SAFETY_TEXT.running}
          </p>
          <Button
            variant={paused ? 'primary' : 'danger'}
            pending={pause.isPending}
            onClick={() => pause.mutate({ creatorId: creator.data!.id, paused: !paused })}
          >
            {paused ? 'Resume persona' : 'Pause persona'}
          </Button>
          {pauseFailure ? <p role="alert">{pauseFailure}</p> : null}
        </div>
      ) : null}
      <h2>Reports</h2>
      <p className={styles['meta']}>{CREATOR_SAFETY_TEXT.hint}</p>
      {creatorId && reports.isPending ? <Spinner label="Loading reports" /> : null}
      {reports.isError ? (
        <LoadFailedBanner message={CREATOR_SAFETY_TEXT.loadFailed} onRetry={() => void reports.refetch()} />
      ) : null}
      {reports.data?.reports.length === 0 ? (
        <p className={styles['meta']}>{CREATOR_SAFETY_TEXT.empty}</p>
      ) : null}
      {reports.data && reports.data.reports.length > 0 ? (
        <ul className={styles['list']} aria-label="Reports about your persona">
          {reports.data.reports.map((report) => (
            <li key={report.id} className={styles['card']} data-testid="creator-report">
              <div className={styles['card__head']}>
                <h3 className={styles['card__title']}>{reasonLabel(report.reason)}</h3>
                <span
                  className={`${styles['state']} ${report.state === 'open' ? styles['state--open'] : ''}`}
                >
                  {STATE_TEXT[report.state]}
                </span>
                <span className={styles['meta']}>
                  {report.fanLabel} · {new Date(report.createdAt).toLocaleString()}
                </span>
              </div>
              <p className={styles['reply']}>{report.reply || 'The reply is no longer stored.'}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
