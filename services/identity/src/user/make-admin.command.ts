import { Role } from '@backtalk/proto';
import type { IdentityConfig } from '../identity.config';
import { withOperatorRepositories } from './operator.repository';
import type { AddGroupOutcome } from './user.repository';

/** Spec §6: members of this group are admins. */
const ADMIN_GROUP = Role.Admin;

/**
 * `node services/identity/dist/main.js make-admin <email>`: puts an existing
 * user in the admin group. Works on the database directly (migrating it if
 * needed), so it runs while the service is down too. The user sees the group
 * in tokens issued after this: on their next refresh or sign-in.
 */
export function makeAdmin(
  email: string,
  config: Pick<IdentityConfig, 'DATABASE_URL'>,
): Promise<AddGroupOutcome> {
  return withOperatorRepositories(config, ({ users }) => users.addGroupByEmail(email, ADMIN_GROUP));
}
