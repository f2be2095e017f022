import type { IdentityConfig } from '../identity.config';
import { withOperatorRepositories } from './operator.repository';

/**
 * `node services/identity/dist/main.js sign-out-user <email>` (ASVS 7.4.5):
 * an operator ends every session of one account, e.g. after a report of a
 * stolen device. Null when no account has the email; else how many sessions
 * ended. Access tokens already issued lapse within ACCESS_TOKEN_TTL_SECONDS.
 */
export function signOutUser(
  email: string,
  config: Pick<IdentityConfig, 'DATABASE_URL'>,
): Promise<number | null> {
  return withOperatorRepositories(config, async ({ users, sessions }) => {
    const user = await users.findAccountByEmail(email);
    if (!user) return null;
    return sessions.revokeAll(user.id, new Date());
  });
}
