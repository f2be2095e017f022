import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction, transactionOf } from '@backtalk/kit';
import type { AgeBand } from '@backtalk/proto';
import { type EntityManager, IsNull, Repository } from 'typeorm';
import { UserEntity } from './user.entity';

export type AddGroupOutcome = 'added' | 'already-member' | 'not-found';

@Injectable()
export class UserRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** Runs `work` in one transaction, for this and other repositories' writes that commit together. */
  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.users.manager.transaction((manager) => work(transactionOf(manager)));
  }

  private db(transaction?: Transaction): EntityManager {
    return transaction ? managerOf(transaction) : this.users.manager;
  }

  /** A user's own record: a user is its own owner, so the id is the owner id. */
  findOwn(userId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
  }

  /** The account whose username is this email (emails are stored lower-cased); never a guest. */
  findAccountByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.toLowerCase(), isGuest: false });
  }

  /** A new, unconfirmed account; false when the email is taken (the unique index decides races). */
  async createAccount(
    account: Pick<UserEntity, 'id' | 'email' | 'passwordHash' | 'attributes'>,
    transaction?: Transaction,
  ): Promise<boolean> {
    const result = await this.db(transaction)
      .createQueryBuilder()
      .insert()
      .into(UserEntity)
      .values({
        ...account,
        owner: account.id,
        username: account.email!,
        emailVerified: false,
        confirmed: false,
        isGuest: false,
        isCreator: false,
        groups: [],
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** The emailed code was entered: the account is confirmed and its email verified. */
  async markConfirmed(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(UserEntity, { id: userId }, { confirmed: true, emailVerified: true });
  }

  /** An account's birth date, given once (docs/safety.md, "Age"); kept as the `birthdate` attribute. */
  async setBirthdate(userId: string, birthdate: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ attributes: () => `attributes || jsonb_build_object('birthdate', :birthdate::text)` })
      .where('id = :userId AND NOT "isGuest"', { userId })
      .setParameters({ birthdate })
      .execute();
  }

  /** A guest's confirmed age band; false when it had one already (the answer is given once). */
  async confirmGuestAgeBand(userId: string, band: AgeBand): Promise<boolean> {
    const result = await this.users.update(
      { id: userId, isGuest: true, confirmedAgeBand: IsNull() },
      { confirmedAgeBand: band },
    );
    return (result.affected ?? 0) > 0;
  }

  async markCreator(userId: string): Promise<void> {
    await this.users.update({ id: userId, isGuest: false }, { isCreator: true });
  }

  async markEmailVerified(userId: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(UserEntity, { id: userId }, { emailVerified: true });
  }

  /** A texted code proved `phone` (E.164): it is the verified phone number while it is the account's. */
  async markPhoneVerified(userId: string, phone: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(UserEntity, { id: userId }, { verifiedPhoneNumber: phone });
  }

  /** A new password; any pending forced change or reset is then done. */
  async setPassword(userId: string, passwordHash: string, transaction?: Transaction): Promise<void> {
    await this.db(transaction).update(
      UserEntity,
      { id: userId },
      { passwordHash, passwordChangeRequired: false, passwordResetRequired: false },
    );
  }

  /** Deletes accounts never confirmed, created before `cutoff`, with their codes and challenges; returns how many. */
  async purgeUnconfirmed(cutoff: Date): Promise<number> {
    const rows = (await this.users.query(
      `WITH stale AS (
         DELETE FROM users WHERE NOT "isGuest" AND NOT confirmed AND "createdAt" < $1 RETURNING id
       ),
       codes AS (DELETE FROM verification_codes WHERE "userId" IN (SELECT id FROM stale)),
       challenges AS (DELETE FROM sign_in_challenges WHERE "userId" IN (SELECT id FROM stale))
       SELECT count(*)::int AS count FROM stale`,
      [cutoff],
    )) as { count: number }[];
    return rows[0]?.count ?? 0;
  }

  /** Operator action (the make-admin command), not reachable over the transport. */
  async addGroupByEmail(email: string, group: string): Promise<AddGroupOutcome> {
    const added = await this.users
      .createQueryBuilder()
      .update()
      .set({ groups: () => 'array_append("groups", :group)' })
      .where('lower("email") = lower(:email)', { email })
      .andWhere('NOT (:group = ANY("groups"))', { group })
      .returning(['id'])
      .execute();
    if ((added.affected ?? 0) > 0) return 'added';
    const exists = await this.users
      .createQueryBuilder('account')
      .where('lower(account.email) = lower(:email)', { email })
      .getExists();
    return exists ? 'already-member' : 'not-found';
  }
}
