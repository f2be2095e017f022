import type { ErrorList } from './error-list';

/** feature-flags's own codes; the messages are what the feature-flag admin page shows. */
export const featureFlagsErrors = {
  /** Spec §6, §9: flags are administered in development only; production changes with a release. */
  FlagAdminUnavailable: {
    code: 'FLAG_ADMIN_UNAVAILABLE',
    status: 403,
    message: 'Feature flag administration is only available in development environments.',
  },
  FlagExists: {
    code: 'FLAG_EXISTS',
    status: 409,
    message: 'A feature flag with this name already exists. Choose another name.',
  },
} as const satisfies ErrorList;
