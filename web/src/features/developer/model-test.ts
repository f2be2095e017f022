import {
  ACCESS_PROBES,
  type AccessOutcome,
  type AccessProbe,
  type AccessProbeContext,
  type AccessRole,
  accessOutcomeOf,
} from '@backtalk/proto/browser';
import { ApiError, sessionFetch } from '../../api';

export interface ProbeResult {
  probe: AccessProbe;
  status: number;
  outcome: AccessOutcome | 'error';
}

async function statusOf(method: string, path: string, body?: unknown): Promise<number> {
  try {
    return (await sessionFetch(method, path, body)).status;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

async function json<T>(path: string): Promise<T | null> {
  try {
    return (await (await sessionFetch('GET', path)).json()) as T;
  } catch {
    return null;
  }
}

/** What the probes refer to: a demo creator, its prompt (when readable) and the bypass flag. */
async function probeContext(): Promise<AccessProbeContext> {
  const demos = await json<{ creators: { id: string }[] }>('/api/creators?demoAccount=true');
  const flags = await json<{ flags: { id: string; name: string; enabled: boolean }[] }>('/api/feature-flags');
  const demoCreatorId = demos?.creators[0]?.id;
  const flag = flags?.flags.find((candidate) => candidate.name === 'bypassSubscriptions');
  if (!demoCreatorId || !flag)
    throw new Error('The probes need a demo creator and the bypassSubscriptions flag.');
  const admin = await json<{ demoAccounts: { creatorId: string; creatorPrompt: string }[] }>(
    '/api/admin/demo-accounts',
  );
  const prompt = admin?.demoAccounts?.find((demo) => demo.creatorId === demoCreatorId)?.creatorPrompt;
  return {
    demoCreatorId,
    // Anyone but an admin is refused before the text matters.
    demoCreatorPrompt: prompt ?? 'Model test probe',
    flagId: flag.id,
    flagEnabled: flag.enabled,
  };
}

/** Runs every probe of the shared matrix as the current session, one after another. */
export async function runAccessProbes(): Promise<ProbeResult[]> {
  const context = await probeContext();
  const results: ProbeResult[] = [];
  for (const probe of ACCESS_PROBES) {
    const status = await statusOf(probe.method, probe.path(context), probe.body?.(context));
    results.push({ probe, status, outcome: accessOutcomeOf(status) });
  }
  return results;
}

/** The matrix column of the signed-in user. */
export function roleOf(session: { status: string; isAdmin: boolean }): AccessRole {
  if (session.status !== 'authenticated') return 'guest';
  return session.isAdmin ? 'admin' : 'user';
}
