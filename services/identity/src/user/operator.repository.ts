import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import type { IdentityConfig } from '../identity.config';
import { identityDatabase } from '../identity.database';
import { AuthSessionEntity } from '../session/auth-session.entity';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/** The repositories an operator command works through. */
export interface OperatorRepositories {
  users: UserRepository;
  sessions: AuthSessionRepository;
}

/**
 * For the operator commands (make-admin, sign-out-user): opens identity's database on its own
 * (migrating it if needed, so a command runs while the service is down too), hands `work` the
 * repositories, and closes the database after.
 */
export async function withOperatorRepositories<T>(
  config: Pick<IdentityConfig, 'DATABASE_URL'>,
  work: (repositories: OperatorRepositories) => Promise<T>,
): Promise<T> {
  const dataSource = await openMigratedDataSource(
    dataSourceOptions(identityDatabase, config.DATABASE_URL, 1) as Parameters<
      typeof openMigratedDataSource
    >[0],
  );
  try {
    return await work({
      users: new UserRepository(dataSource.getRepository(UserEntity)),
      sessions: new AuthSessionRepository(dataSource.getRepository(AuthSessionEntity)),
    });
  } finally {
    await dataSource.destroy();
  }
}
