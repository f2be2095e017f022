import { Injectable } from '@nestjs/common';
import { isUniqueViolation, type Transaction } from '@backtalk/kit';
import type { OAuthProvider } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import type { UserEntity } from '../user/user.entity';
import type { ProviderProfile } from './provider-client';
import { UserIdentityRepository } from './user-identity.repository';

export type OAuthAccount =
  | { outcome: 'signedIn'; user: UserEntity; created: boolean }
  /** The provider vouches for the email, but the existing account with it never verified it. */
  | { outcome: 'refused'; reason: 'account_unverified' };

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
  constructor(private readonly identities: UserIdentityRepository) {}

  async resolve(provider: OAuthProvider, profile: ProviderProfile, now: Date): Promise<OAuthAccount> {
    try {
      return await this.identities.transaction((transaction) =>
        this.resolveIn(transaction, provider, profile, now),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent first sign-in of the same provider account won; sign in as its user.
      return this.identities.transaction((transaction) =>
        this.resolveIn(transaction, provider, profile, now),
      );
    }
  }

  private async resolveIn(
    transaction: Transaction,
    provider: OAuthProvider,
    profile: ProviderProfile,
    now: Date,
  ): Promise<OAuthAccount> {
    const email = profile.email?.trim().toLowerCase() || null;
    const identityFacts = { email, emailVerified: profile.emailVerified, lastSignInAt: now };
    const linked = await this.identities.findLinked(transaction, provider, profile.subject);
    if (linked) {
      const user = await this.identities.findUser(transaction, linked.userId);
      if (user) {
        await this.identities.updateFacts(transaction, linked.id, identityFacts);
        return { outcome: 'signedIn', user, created: false };
      }
      await this.identities.unlink(transaction, linked.id);
    }
    if (email && profile.emailVerified) {
      const existing = await this.identities.findAccountByEmail(transaction, email);
      if (existing) {
        if (!existing.emailVerified) return { outcome: 'refused', reason: 'account_unverified' };
        await this.identities.link(transaction, existing.id, provider, profile.subject, identityFacts);
        return { outcome: 'signedIn', user: existing, created: false };
      }
    }
    const verifiedEmail = email && profile.emailVerified ? email : null;
    const id = randomUUID();
    const user = await this.identities.createUser(transaction, {
      id,
      username: verifiedEmail ?? `${provider}_${profile.subject}`,
      email: verifiedEmail,
      emailVerified: verifiedEmail !== null,
    });
    await this.identities.link(transaction, id, provider, profile.subject, identityFacts);
    return { outcome: 'signedIn', user, created: true };
  }
}
