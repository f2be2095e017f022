// A relative import: the deploy project has no workspace dependency on the test helpers.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { describeNeeding, type ComponentDescribe } from '../../../services/libs/testing/src/components';

/** Set by the global setup: 'ready', or why helm, Go or the pinned schemas are missing. */
export const DEPLOY_TOOLS_VARIABLE = 'BACKTALK_TEST_DEPLOY_TOOLS';

/**
 * `describe` for suites that need helm, Go or the pinned schema modules: when they are
 * missing the suites report as skipped with the reason (or fail when CI requires everything).
 */
export function deployToolsDescribe(): ComponentDescribe {
  const status = process.env[DEPLOY_TOOLS_VARIABLE] ?? 'global setup did not look for them';
  return describeNeeding('helm and Go', status === 'ready' ? null : status);
}
