import { useState } from 'react';
import {
  type AdminReport,
  ApiError,
  type ReportAction,
  type ReportState,
  reasonLabel,
  useAdminReportsQuery,
  useCreatorsQuery,
  useReportActionMutation,
} from '../../../api';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { LoadFailedBanner } from './LoadFailedBanner';
import styles from './reports.module.css';

export const ADMIN_REPORTS_TEXT = {
  title: 'Reports',
  hint: 'Replies fans reported, with the turns around them. Each action closes the report.',
  loadFailed: 'Failed to fetch reports',
  empty: 'No reports match these filters.',
} as const;

const STATES: { value: ReportState | 'all'; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'actioned', label: 'Actioned' },
  { value: 'all', label: 'All' },
];

const ACTIONS: { action: ReportAction; label: string; variant: 'secondary' | 'danger' }[] = [
  { action: 'dismiss', label: 'Dismiss', variant: 'secondary' },
  { action: 'hide-message', label: 'Hide message', variant: 'secondary' },
  { action: 'cool-down-fan', label: 'Cool down fan', variant: 'secondary' },
  { action: 'suspend-fan', label: 'Suspend fan from chat', variant: 'danger' },
  { action: 'pause-persona', label: 'Pause persona', variant: 'danger' },
];

export const ACTION_DONE: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  'hide-message': 'Message hidden',
  'cool-down-fan': 'Fan cooled down',
  'suspend-fan': 'Fan suspended from chat',
  'pause-persona': 'Persona paused',
  'lift-fan-standing': "Fan's suspension and cool-down lifted",
  'unhide-message': 'Message shown again',
};

/** Undoing what an action did, on a report in any state; each is offered only while there is something to undo. */
const REVERSALS: { action: ReportAction; label: string; applies: (report: AdminReport) => boolean }[] = [
  {
    action: 'lift-fan-standing',
    label: 'Lift suspension and cool-down',
    applies: (report) => report.fanSuspended || report.fanCooledDownUntil !== null,
  },
  {
    action: 'unhide-message',
    label: 'Unhide message',
    applies: (report) => report.turns.some((turn) => turn.reported && turn.hidden),
  },
];

/** /admin/reports: the report queue, filtered by state and creator (docs/safety.md, "Reports"). */
export function AdminReportsPage() {
  const [state, setState] = useState<ReportState | 'all'>('open');
  const [creatorId, setCreatorId] = useState('');
  const creators = useCreatorsQuery();
  const reports = useAdminReportsQuery({
    ...(state === 'all' ? {} : { state }),
    ...(creatorId ? { creatorId } : {}),
  });
  const creatorName = (id: string) => creators.data?.find((creator) => creator.id === id)?.nickName ?? id;
  return (
    <section className={`page ${styles['page']}`}>
      <h1>{ADMIN_REPORTS_TEXT.title}</h1>
      <p className={styles['meta']}>{ADMIN_REPORTS_TEXT.hint}</p>
      <div className={styles['filters']}>
        <label>
          State
          <select value={state} onChange={(event) => setState(event.target.value as ReportState | 'all')}>
            {STATES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Creator
          <select value={creatorId} onChange={(event) => setCreatorId(event.target.value)}>
            <option value="">All creators</option>
            {(creators.data ?? []).map((creator) => (
              <option key={creator.id} value={creator.id}>
                {creator.nickName} (@{creator.handle})
              </option>
            ))}
          </select>
        </label>
      </div>
      {reports.isPending ? <Spinner label="Loading reports" /> : null}
      {reports.isError ? (
        <LoadFailedBanner message={ADMIN_REPORTS_TEXT.loadFailed} onRetry={() => void reports.refetch()} />
      ) : null}
      {reports.data?.reports.length === 0 ? (
        <p className={styles['meta']}>{ADMIN_REPORTS_TEXT.empty}</p>
      ) : null}
      {reports.data && reports.data.reports.length > 0 ? (
        <ul className={styles['list']} aria-label="Reports">
          {reports.data.reports.map((report) => (
            <ReportCard key={report.id} report={report} creatorName={creatorName(report.creatorId)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ReportCard({ report, creatorName }: { report: AdminReport; creatorName: string }) {
  const act = useReportActionMutation();
  const failure = act.error instanceof ApiError ? act.error.message : act.error ? 'The action failed.' : null;
  return (
    <li className={styles['card']} data-testid="admin-report">
      <div className={styles['card__head']}>
        <h2 className={styles['card__title']}>{reasonLabel(report.reason)}</h2>
        <span className={`${styles['state']} ${report.state === 'open' ? styles['state--open'] : ''}`}>
          {report.state}
        </span>
        <span className={styles['meta']}>
          {creatorName} · {new Date(report.createdAt).toLocaleString()}
        </span>
      </div>
      <p className={styles['meta']}>
        Fan {report.fanId}
        {report.fanSuspended ? ' · suspended from chat' : ''}
        {report.fanCooledDownUntil
          ? ` · cooled down until ${new Date(report.fanCooledDownUntil).toLocaleString()}`
          : ''}
      </p>
      {report.note ? <p className={styles['note']}>“{report.note}”</p> : null}
      <ol className={styles['turns']} aria-label="The reported message and the turns around it">
        {report.turns.map((turn) => (
          <li
            key={turn.id}
            className={`${styles['turn']} ${turn.reported ? styles['turn--reported'] : ''}`}
            data-reported={turn.reported || undefined}
          >
            <span className={styles['turn__who']}>
              {turn.role === 'user' ? 'Fan' : 'Persona'}
              {turn.reported ? ' · reported' : ''}
              {turn.hidden ? ' · hidden' : ''}
            </span>
            {turn.content}
          </li>
        ))}
        {report.turns.length === 0 ? (
          <li className={styles['meta']}>The message is no longer stored.</li>
        ) : null}
      </ol>
      {report.state === 'open' ? (
        <div className={styles['actions']}>
          {ACTIONS.map(({ action, label, variant }) => (
            <Button
              key={action}
              variant={variant}
              size="sm"
              pending={act.isPending && act.variables?.action === action}
              disabled={act.isPending}
              onClick={() => act.mutate({ reportId: report.id, action })}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : (
        <p className={styles['meta']} role="status">
          {report.action ? ACTION_DONE[report.action] : 'Closed'}
          {report.resolvedAt ? ` · ${new Date(report.resolvedAt).toLocaleString()}` : ''}
        </p>
      )}
      {REVERSALS.some(({ applies }) => applies(report)) ? (
        <div className={styles['actions']}>
          {REVERSALS.filter(({ applies }) => applies(report)).map(({ action, label }) => (
            <Button
              key={action}
              variant="secondary"
              size="sm"
              pending={act.isPending && act.variables?.action === action}
              disabled={act.isPending}
              onClick={() => act.mutate({ reportId: report.id, action })}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
      {failure ? (
        <p className={styles['note']} role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
