import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { startResyncRound, useResyncRoundQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { countOf } from '../../formatting/plural';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

const CREATORS = { one: 'creator', other: 'creators' };
const NEW_POSTS = { one: 'new post', other: 'new posts' };

/**
 * /dev/check-all-tiktok (spec §7 checkTiktokAllCreatorsFunc): re-syncs every initialised creator's
 * new posts now — the round the scheduler runs every RESYNC_INTERVAL_MINUTES — and shows each
 * creator's run as it goes. Admins only.
 */
export function CheckAllTiktokPage() {
  const [roundId, setRoundId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startResyncRound,
    onSuccess: (round) => setRoundId(round.roundId),
  });
  const progress = useResyncRoundQuery(roundId && (start.data?.runs.length ?? 0) > 0 ? roundId : null);
  const round = progress.data ?? start.data;
  const done = round ? round.runs.filter((run) => run.state === 'succeeded' || run.state === 'failed') : [];
  const running = !!round && !round.finished;
  return (
    <DevPage
      title="Check All TikTok"
      intro="Fetches every initialised creator's new posts now, with their covers and the post index, as the scheduled re-sync does."
    >
      <div className={styles['dev-actions']}>
        <Button
          pending={start.isPending}
          pendingLabel="Starting…"
          disabled={running}
          onClick={() => start.mutate()}
        >
          Re-sync all creators
        </Button>
      </div>
      {start.isError ? <Banner tone="error">{describeFailure(start.error)}</Banner> : null}
      {progress.isError ? <Banner tone="error">{describeFailure(progress.error)}</Banner> : null}
      {round && round.runs.length === 0 ? (
        <p className={styles['dev-muted']}>No initialised creators to re-sync.</p>
      ) : null}
      {round && round.runs.length > 0 ? (
        <div className={styles['dev-card']}>
          <p role="status">
            {round.finished
              ? `Done: ${countOf(round.runs.length, CREATORS)} checked, ${countOf(
                  round.runs.reduce((sum, run) => sum + (run.newPosts ?? 0), 0),
                  NEW_POSTS,
                )}.`
              : `Checking… ${done.length} of ${countOf(round.runs.length, CREATORS)} done.`}
          </p>
          <progress
            className={styles['dev-progress']}
            max={round.runs.length}
            value={done.length}
            aria-label="Re-sync progress"
          />
          <div className={styles['dev-scroll']}>
            <table className={styles['dev-table']} aria-label="Creators">
              <thead>
                <tr>
                  <th scope="col">Creator</th>
                  <th scope="col">State</th>
                  <th scope="col">New posts</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {round.runs.map((run) => (
                  <tr key={run.runId}>
                    <td>@{run.handle}</td>
                    <td className={run.state === 'failed' ? styles['dev-bad'] : undefined}>
                      {run.state}
                      {run.error ? `: ${run.error}` : ''}
                    </td>
                    <td>{run.newPosts ?? '—'}</td>
                    <td>{new Date(run.updatedAt).toLocaleTimeString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </DevPage>
  );
}
