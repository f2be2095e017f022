import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction, transactionOf } from '@backtalk/kit';
import type { OAuthProvider } from '@backtalk/proto';
import { Repository } from 'typeorm';
import { UserEntity } from '../user/user.entity';
import { UserIdentityEntity } from './user-identity.entity';

/** What a sign-in records of the provider account: the email it named, whether verified, when. */
export type IdentityFacts = Pick<UserIdentityEntity, 'email' | 'emailVerified' | 'lastSignInAt'>;

/** A user a provider sign-in creates: no password, confirmed (the provider authenticated them). */
export type NewProviderUser = Pick<UserEntity, 'id' | 'username' | 'email' | 'emailVerified'>;

/**
 * Provider accounts linked to users (OAuthAccounts decides which user a provider account signs
 * in as), and the user reads and writes that decision needs, all in one transaction.
 */
@Injectable()
export class UserIdentityRepository {
  constructor(
    @InjectRepository(UserIdentityEntity) private readonly identities: Repository<UserIdentityEntity>,
  ) {}

  /** Runs `work` as one transaction; a unique violation (a concurrent first link) rejects it. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.identities.manager.transaction((manager) => work(transactionOf(manager)));
  }

  findLinked(
    transaction: Transaction,
    provider: OAuthProvider,
    subject: string,
  ): Promise<UserIdentityEntity | null> {
    return managerOf(transaction).findOneBy(UserIdentityEntity, { provider, subject });
  }

  async updateFacts(transaction: Transaction, id: string, facts: IdentityFacts): Promise<void> {
    await managerOf(transaction).update(UserIdentityEntity, { id }, facts);
  }

  async unlink(transaction: Transaction, id: string): Promise<void> {
    await managerOf(transaction).delete(UserIdentityEntity, { id });
  }

  async link(
    transaction: Transaction,
    userId: string,
    provider: OAuthProvider,
    subject: string,
    facts: IdentityFacts,
  ): Promise<void> {
    await managerOf(transaction).insert(UserIdentityEntity, { userId, provider, subject, ...facts });
  }

  findUser(transaction: Transaction, id: string): Promise<UserEntity | null> {
    return managerOf(transaction).findOneBy(UserEntity, { id });
  }

  /** The account (never a guest) whose email is this one, compared lower-cased. */
  findAccountByEmail(transaction: Transaction, email: string): Promise<UserEntity | null> {
    return managerOf(transaction)
      .createQueryBuilder(UserEntity, 'account')
      .where('lower(account.email) = :email', { email })
      .andWhere('NOT account."isGuest"')
      .getOne();
  }

  async createUser(transaction: Transaction, user: NewProviderUser): Promise<UserEntity> {
    const manager = managerOf(transaction);
    await manager.insert(UserEntity, {
      ...user,
      owner: user.id,
      // The provider authenticated the user: there is no sign-up code to enter (a password can be set by reset).
      confirmed: true,
      passwordHash: null,
      profilePictureURL: null,
      isCreator: false,
      isGuest: false,
      groups: [],
    });
    return manager.findOneByOrFail(UserEntity, { id: user.id });
  }
}
