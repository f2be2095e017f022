import type { ErrorList } from './error-list';

/** feature-flags's own codes (none yet: it raises the common ones). */
export const featureFlagsErrors = {} as const satisfies ErrorList;
