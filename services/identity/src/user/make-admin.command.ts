import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { Role } from '@backtalk/proto';
import type { IdentityConfig } from '../identity.config';
import { identityDatabase } from '../identity.database';
import { UserEntity } from './user.entity';
import { type AddGroupOutcome, UserRepository } from './user.repository';

/** Spec §6: members of this group are admins. */
const ADMIN_GROUP = Role.Admin;

/**
 * `node services/identity/dist/main.js make-admin <email>`: puts an existing
 * user in the admin group. Works on the database directly (migrating it if
 * needed), so it runs while the service is down too. The user sees the group
 * in tokens issued after this: on their next refresh or sign-in.
 */
export async function makeAdmin(
  email: string,
  config: Pick<IdentityConfig, 'DATABASE_URL'>,
): Promise<AddGroupOutcome> {
  const dataSource = await openMigratedDataSource(
    dataSourceOptions(identityDatabase, config.DATABASE_URL, 1) as Parameters<
      typeof openMigratedDataSource
    >[0],
  );
  try {
    return await new UserRepository(dataSource.getRepository(UserEntity)).addGroupByEmail(email, ADMIN_GROUP);
  } finally {
    await dataSource.destroy();
  }
}
