import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from './user.entity';

export type AddGroupOutcome = 'added' | 'already-member' | 'not-found';

@Injectable()
export class UserRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** A user's own record: a user is its own owner, so the id is the owner id. */
  findOwn(userId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
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
