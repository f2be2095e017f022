import { ACCESS_ROLES } from '@backtalk/proto/browser';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { countOf, pluralWord } from '../../formatting/plural';
import { selectIsAdmin, useSessionStore } from '../session';
import { DevPage, describeFailure } from './DevPageStates';
import { roleOf, runAccessProbes } from './model-test';
import styles from './developer.module.css';

const PROBES = { one: 'probe', other: 'probes' };

/**
 * /dev/model-test (spec §2, §6): probes which records the current user can read and write across
 * the services — the same matrix (ACCESS_PROBES) the authorization system tests expect — and
 * shows each outcome beside what the matrix expects for this user's role.
 */
export function ModelTestPage() {
  const status = useSessionStore((state) => state.status);
  const isAdmin = useSessionStore(selectIsAdmin);
  const role = roleOf({ status, isAdmin });
  const run = useMutation({ mutationFn: runAccessProbes });
  const mismatches = run.data?.filter((result) => result.outcome !== result.probe.expected[role]) ?? [];
  return (
    <DevPage
      title="Model Test"
      intro={`Which records this session (${role}) can read and write. Write probes write back what is already there.`}
    >
      <div className={styles['dev-actions']}>
        <Button pending={run.isPending} pendingLabel="Probing…" onClick={() => run.mutate()}>
          Run probes
        </Button>
      </div>
      {run.isError ? <Banner tone="error">{describeFailure(run.error)}</Banner> : null}
      {run.data ? (
        <Banner tone={mismatches.length ? 'error' : 'info'}>
          {mismatches.length
            ? `${mismatches.length} of ${countOf(run.data.length, PROBES)} ${pluralWord(mismatches.length, { one: 'differs', other: 'differ' })} from the matrix.`
            : `All ${countOf(run.data.length, PROBES)} match the matrix.`}
        </Banner>
      ) : null}
      {run.data ? (
        <div className={styles['dev-scroll']}>
          <table className={styles['dev-table']} aria-label="Access matrix">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Operation</th>
                <th scope="col">Probe</th>
                {ACCESS_ROLES.map((column) => (
                  <th key={column} scope="col">
                    {column} (expected)
                  </th>
                ))}
                <th scope="col">This session</th>
              </tr>
            </thead>
            <tbody>
              {run.data.map((result) => {
                const matches = result.outcome === result.probe.expected[role];
                return (
                  <tr key={`${result.probe.model}-${result.probe.operation}-${result.probe.what}`}>
                    <th scope="row">{result.probe.model}</th>
                    <td>{result.probe.operation}</td>
                    <td>{result.probe.what}</td>
                    {ACCESS_ROLES.map((column) => (
                      <td key={column} className={column === role ? styles['dev-current'] : undefined}>
                        {result.probe.expected[column]}
                      </td>
                    ))}
                    <td className={matches ? styles['dev-ok'] : styles['dev-bad']}>
                      {result.outcome} ({result.status}){matches ? '' : ' ✗'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </DevPage>
  );
}
