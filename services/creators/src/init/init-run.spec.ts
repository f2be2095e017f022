import { CREATOR_INIT_LAST_STEP } from '@backtalk/proto';
import {
  type InitStepReport,
  isCurrentRun,
  type NewestInitRow,
  type RecordedInitStep,
  recordedInitStep,
  startsNewRun,
} from './init-run';

const RUN = 'a1a1a1a1-0000-4000-8000-000000000001';
const RETRY = 'b2b2b2b2-0000-4000-8000-000000000002';
const newest = (state: NewestInitRow['state'], runId: string | null = RUN): NewestInitRow => ({
  runId,
  state,
});

describe('startsNewRun (creators.init.start)', () => {
  it.each<{ case: string; initComplete: boolean; newest: NewestInitRow | null; starts: boolean }>([
    {
      case: 'a verified creator opens /creator for the first time',
      initComplete: false,
      newest: null,
      starts: true,
    },
    {
      case: 'a run is under way: it is answered',
      initComplete: false,
      newest: newest('running'),
      starts: false,
    },
    {
      case: 'the run failed: Retry starts a new run',
      initComplete: false,
      newest: newest('failed'),
      starts: true,
    },
    {
      case: 'initialised by its run: the status is answered',
      initComplete: true,
      newest: newest('completed'),
      starts: false,
    },
    {
      case: 'initialised with no run (a seeded demo creator)',
      initComplete: true,
      newest: null,
      starts: false,
    },
  ])('$case', ({ initComplete, newest: row, starts }) => {
    expect(startsNewRun(initComplete, row)).toBe(starts);
  });
});

describe('isCurrentRun (creators.init.profile-save)', () => {
  it.each<{ case: string; newest: NewestInitRow | null; runId: string; current: boolean }>([
    { case: 'the run of the newest status row', newest: newest('running'), runId: RUN, current: true },
    {
      case: 'the newest run failed at another step: still that run',
      newest: newest('failed'),
      runId: RUN,
      current: true,
    },
    { case: 'a run a retry replaced', newest: newest('running', RETRY), runId: RUN, current: false },
    { case: 'the creator has no run at all', newest: null, runId: RUN, current: false },
  ])('$case', ({ newest: row, runId, current }) => {
    expect(isCurrentRun(row, runId)).toBe(current);
  });
});

describe('recordedInitStep (creators.init-status.record)', () => {
  const report = (step: number, state: InitStepReport['state'], error?: string): InitStepReport => ({
    runId: RUN,
    step,
    state,
    ...(error === undefined ? {} : { error }),
  });

  it.each<{ case: string; newest: NewestInitRow | null; report: InitStepReport; recorded: RecordedInitStep }>(
    [
      {
        case: 'the current run reaches a step',
        newest: newest('running'),
        report: report(3, 'running'),
        recorded: { current: true, state: 'running', error: null, completesCreator: false },
      },
      {
        case: 'the current run fails at a step, with the reason',
        newest: newest('running'),
        report: report(4, 'failed', 'No captions could be read.'),
        recorded: {
          current: true,
          state: 'failed',
          error: 'No captions could be read.',
          completesCreator: false,
        },
      },
      {
        case: 'the current run fails at a step, no reason given',
        newest: newest('running'),
        report: report(4, 'failed'),
        recorded: { current: true, state: 'failed', error: 'This step failed.', completesCreator: false },
      },
      {
        case: 'the failed step was redelivered and succeeded: the run goes on',
        newest: newest('failed'),
        report: report(5, 'running'),
        recorded: { current: true, state: 'running', error: null, completesCreator: false },
      },
      {
        case: 'the last step completed: the creator is initialised',
        newest: newest('running'),
        report: report(CREATOR_INIT_LAST_STEP, 'completed'),
        recorded: { current: true, state: 'completed', error: null, completesCreator: true },
      },
      {
        case: "'completed' for an earlier step (the contract allows it): still running",
        newest: newest('running'),
        report: report(CREATOR_INIT_LAST_STEP - 1, 'completed'),
        recorded: { current: true, state: 'running', error: null, completesCreator: false },
      },
      {
        case: 'the last step failed: not initialised',
        newest: newest('running'),
        report: report(CREATOR_INIT_LAST_STEP, 'failed', 'The index could not be built.'),
        recorded: {
          current: true,
          state: 'failed',
          error: 'The index could not be built.',
          completesCreator: false,
        },
      },
      {
        case: 'a run a retry replaced: it learns so and stops',
        newest: newest('running', RETRY),
        report: report(6, 'running'),
        recorded: { current: false },
      },
      {
        case: 'a replaced run completing: it does not initialise the creator',
        newest: newest('failed', RETRY),
        report: report(CREATOR_INIT_LAST_STEP, 'completed'),
        recorded: { current: false },
      },
      {
        case: 'a run the creator has no record of (its start was rolled back)',
        newest: null,
        report: report(1, 'running'),
        recorded: { current: false },
      },
    ],
  )('$case', ({ newest: row, report: reported, recorded }) => {
    expect(recordedInitStep(row, reported)).toEqual(recorded);
  });
});
