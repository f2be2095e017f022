import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import type { IdentityConfig } from '../identity.config';
import { identityDatabase } from '../identity.database';
import { AuthSessionEntity } from '../session/auth-session.entity';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/**
 * `node services/identity/dist/main.js sign-out-user <email>` (ASVS 7.4.5):
 * an operator ends every session of one account, e.g. after a report of a
 * stolen device. Null when no account has the email; else how many sessions
 * ended. Access tokens already issued lapse within ACCESS_TOKEN_TTL_SECONDS.
 */
export async function signOutUser(
  email: string,
  config: Pick<IdentityConfig, 'DATABASE_URL'>,
): Promise<number | null> {
  const dataSource = await openMigratedDataSource(
    dataSourceOptions(identityDatabase, config.DATABASE_URL, 1) as Parameters<
      typeof openMigratedDataSource
    >[0],
  );
  try {
    const user = await new UserRepository(dataSource.getRepository(UserEntity)).findAccountByEmail(email);
    if (!user) return null;
    return await new AuthSessionRepository(dataSource.getRepository(AuthSessionEntity)).revokeAll(
      user.id,
      new Date(),
    );
  } finally {
    await dataSource.destroy();
  }
}
