/**
 * Who may read and write which records (spec §6), as probes of the gateway's API: the
 * /dev/model-test page runs them as the signed-in user and shows the matrix, and the system
 * tests run the same probes as a guest, a user and an admin and expect exactly these outcomes
 * (services/system-tests/src/operators.test.ts). Plain data, so the browser bundle can hold it.
 *
 * Write probes write back what is already there (a flag's own state, a prompt's own text), so
 * an allowed write changes nothing a user would notice; it does record who wrote last.
 */

/** The roles the matrix has a column for. */
export const ACCESS_ROLES = ['guest', 'user', 'admin'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/** 2xx: allowed; 401/403: denied; 404: allowed to look, but the caller has none. */
export type AccessOutcome = 'allowed' | 'denied' | 'none';

/** Values a probe's path and body refer to as `{name}`, found before the probes run. */
export interface AccessProbeContext {
  /** A demo creator (any session lists them). */
  demoCreatorId: string;
  /** That creator's prompt as it is (admins read it; others get a stand-in, since they are refused). */
  demoCreatorPrompt: string;
  /** The bypassSubscriptions flag and its current state. */
  flagId: string;
  flagEnabled: boolean;
}

export interface AccessProbe {
  /** Spec §3 entity. */
  model: string;
  operation: 'read' | 'write';
  /** What is tried, for people. */
  what: string;
  method: 'GET' | 'PUT' | 'PATCH';
  path: (context: AccessProbeContext) => string;
  body?: (context: AccessProbeContext) => unknown;
  expected: Record<AccessRole, AccessOutcome>;
}

const everyone = { guest: 'allowed', user: 'allowed', admin: 'allowed' } as const;
const adminsOnly = { guest: 'denied', user: 'denied', admin: 'allowed' } as const;

export const ACCESS_PROBES: readonly AccessProbe[] = [
  {
    model: 'User',
    operation: 'read',
    what: 'own session and groups',
    method: 'GET',
    path: () => '/api/auth/session',
    expected: everyone,
  },
  {
    model: 'Creator',
    operation: 'read',
    what: 'every creator',
    method: 'GET',
    path: () => '/api/creators',
    expected: everyone,
  },
  {
    model: 'Post',
    operation: 'read',
    what: "a demo creator's posts",
    method: 'GET',
    path: (context) => `/api/creators/${context.demoCreatorId}/posts`,
    expected: everyone,
  },
  {
    model: 'FeatureFlag',
    operation: 'read',
    what: 'every flag',
    method: 'GET',
    path: () => '/api/feature-flags',
    expected: everyone,
  },
  {
    model: 'CreatorSubscription',
    operation: 'read',
    what: 'own subscriptions',
    method: 'GET',
    path: () => '/api/billing/subscriptions',
    expected: everyone,
  },
  {
    model: 'CreatorVerificationKey',
    operation: 'read',
    what: 'own verification key (none yet is an empty answer)',
    method: 'GET',
    path: () => '/api/creator/verification-key',
    expected: everyone,
  },
  {
    model: 'Creator',
    operation: 'read',
    what: "a demo creator's prompt",
    method: 'GET',
    path: (context) => `/api/creator/prompt?creatorId=${context.demoCreatorId}`,
    expected: adminsOnly,
  },
  {
    model: 'Creator',
    operation: 'read',
    what: 'demo accounts with their prompts',
    method: 'GET',
    path: () => '/api/admin/demo-accounts',
    expected: adminsOnly,
  },
  {
    model: 'Configuration',
    operation: 'read',
    what: 'environment variables, secrets masked',
    method: 'GET',
    path: () => '/api/dev/env-vars',
    expected: adminsOnly,
  },
  {
    model: 'FeatureFlag',
    operation: 'write',
    what: 'bypassSubscriptions, set to its own state',
    method: 'PATCH',
    path: (context) => `/api/feature-flags/${context.flagId}`,
    body: (context) => ({ enabled: context.flagEnabled }),
    expected: adminsOnly,
  },
  {
    model: 'Creator',
    operation: 'write',
    what: "a demo creator's prompt, saved as it is",
    method: 'PUT',
    path: (context) => `/api/admin/demo-accounts/${context.demoCreatorId}/prompt`,
    body: (context) => ({ creatorPrompt: context.demoCreatorPrompt }),
    expected: adminsOnly,
  },
];

/** What an HTTP status says about access. Anything else (400, 5xx) is not an answer about access. */
export function accessOutcomeOf(status: number): AccessOutcome | 'error' {
  if (status >= 200 && status < 300) return 'allowed';
  if (status === 401 || status === 403) return 'denied';
  if (status === 404) return 'none';
  return 'error';
}
