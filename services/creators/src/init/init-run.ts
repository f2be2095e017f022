import { CREATOR_INIT_LAST_STEP } from '@backtalk/proto';

type InitRunState = 'running' | 'failed' | 'completed';

/** The newest status row of a creator: it names the current run and where it is. */
export interface NewestInitRow {
  runId: string | null;
  state: InitRunState;
}

/** What ingestion reports of a run (`creators.init-status.record`). */
export interface InitStepReport {
  runId: string;
  step: number;
  state: InitRunState;
  error?: string | undefined;
}

export type RecordedInitStep =
  | { current: false }
  | { current: true; state: InitRunState; error: string | null; completesCreator: boolean };

/**
 * `creators.init.start` (docs/creators.md, "Initialisation pipeline") starts a new run only when
 * the creator is not initialised and no run is under way: the first run, or a retry after a
 * failed one. Otherwise it answers the status it has.
 */
export function startsNewRun(initComplete: boolean, newest: NewestInitRow | null): boolean {
  return !initComplete && newest?.state !== 'running';
}

/** Only the run of the newest status row may write; an older one learns it was replaced. */
export function isCurrentRun(newest: NewestInitRow | null, runId: string): boolean {
  return newest !== null && newest.runId === runId;
}

/**
 * The status row a report of the current run writes. A failed run still takes reports (a
 * redelivered step may succeed, and the run goes on); only the last step reported completed
 * completes the run and initialises the creator.
 */
export function recordedInitStep(newest: NewestInitRow | null, report: InitStepReport): RecordedInitStep {
  if (!isCurrentRun(newest, report.runId)) return { current: false };
  if (report.state === 'failed') {
    return {
      current: true,
      state: 'failed',
      error: report.error ?? 'This step failed.',
      completesCreator: false,
    };
  }
  const completesCreator = report.state === 'completed' && report.step === CREATOR_INIT_LAST_STEP;
  return { current: true, state: completesCreator ? 'completed' : 'running', error: null, completesCreator };
}
