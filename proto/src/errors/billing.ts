import type { ErrorList } from './error-list';

/** billing's own codes (none yet: it raises the common ones). */
export const billingErrors = {} as const satisfies ErrorList;
