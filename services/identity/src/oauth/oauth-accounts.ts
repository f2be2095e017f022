import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OAuthProvider } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { type EntityManager, Repository } from 'typeorm';
import { UserEntity } from '../user/user.entity';
import type { ProviderProfile } from './provider-client';
import { UserIdentityEntity } from './user-identity.entity';

export type OAuthAccount =
  | { outcome: 'signedIn'; user: UserEntity; created: boolean }
  /** The provider vouches for the email, but the existing account with it never verified it. */
  | { outcome: 'refused'; reason: 'account_unverified' };

/** PostgreSQL's unique_violation: another callback linked the same provider account a moment before. */
const UNIQUE_VIOLATION = '23505';

/**
 * Which user a provider account signs in as (docs/security.md, "OAuth sign-in"):
 * 1. a provider account linked before signs in as its user;
 * 2. an email the provider verified links to the account with that email —
 *    only if that account verified it too (otherwise whoever typed it there
 *    never proved it, and linking would hand them this sign-in);
 * 3. otherwise a new user: with the email when the provider verified it,
 *    without one when it did not (an unverified email is kept on the
 *    identity only, so it can neither link nor block a later sign-up).
 */
@Injectable()
export class OAuthAccounts {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async resolve(provider: OAuthProvider, profile: ProviderProfile, now: Date): Promise<OAuthAccount> {
    try {
      return await this.users.manager.transaction((manager) =>
        this.resolveIn(manager, provider, profile, now),
      );
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      // A concurrent first sign-in of the same provider account won; sign in as its user.
      return this.users.manager.transaction((manager) => this.resolveIn(manager, provider, profile, now));
    }
  }

  private async resolveIn(
    manager: EntityManager,
    provider: OAuthProvider,
    profile: ProviderProfile,
    now: Date,
  ): Promise<OAuthAccount> {
    const email = profile.email?.trim().toLowerCase() || null;
    const identityFacts = { email, emailVerified: profile.emailVerified, lastSignInAt: now };
    const linked = await manager.findOneBy(UserIdentityEntity, { provider, subject: profile.subject });
    if (linked) {
      const user = await manager.findOneBy(UserEntity, { id: linked.userId });
      if (user) {
        await manager.update(UserIdentityEntity, { id: linked.id }, identityFacts);
        return { outcome: 'signedIn', user, created: false };
      }
      await manager.delete(UserIdentityEntity, { id: linked.id });
    }
    if (email && profile.emailVerified) {
      const existing = await manager
        .createQueryBuilder(UserEntity, 'account')
        .where('lower(account.email) = :email', { email })
        .andWhere('NOT account."isGuest"')
        .getOne();
      if (existing) {
        if (!existing.emailVerified) return { outcome: 'refused', reason: 'account_unverified' };
        await this.link(manager, existing.id, provider, profile.subject, identityFacts);
        return { outcome: 'signedIn', user: existing, created: false };
      }
    }
    const verifiedEmail = email && profile.emailVerified ? email : null;
    const id = randomUUID();
    await manager.insert(UserEntity, {
      id,
      owner: id,
      username: verifiedEmail ?? `${provider}_${profile.subject}`,
      email: verifiedEmail,
      emailVerified: verifiedEmail !== null,
      // The provider authenticated the user: there is no sign-up code to enter (a password can be set by reset).
      confirmed: true,
      passwordHash: null,
      profilePictureURL: null,
      isCreator: false,
      isGuest: false,
      groups: [],
    });
    await this.link(manager, id, provider, profile.subject, identityFacts);
    const user = await manager.findOneByOrFail(UserEntity, { id });
    return { outcome: 'signedIn', user, created: true };
  }

  private async link(
    manager: EntityManager,
    userId: string,
    provider: OAuthProvider,
    subject: string,
    facts: Pick<UserIdentityEntity, 'email' | 'emailVerified' | 'lastSignInAt'>,
  ): Promise<void> {
    await manager.insert(UserIdentityEntity, { userId, provider, subject, ...facts });
  }
}
