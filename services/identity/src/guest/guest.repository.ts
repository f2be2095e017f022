import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NewRefreshToken } from '../token/refresh-token.repository';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { UserEntity } from '../user/user.entity';
import { GuestPasswordEntity } from './guest-password.entity';
import { GuestUserEntity } from './guest-user.entity';

export interface NewGuest {
  user: Omit<UserEntity, 'createdAt'>;
  guest: Omit<GuestUserEntity, 'createdAt'>;
  password: GuestPasswordEntity;
  /** The first token of the guest's session. */
  refreshToken: NewRefreshToken;
}

@Injectable()
export class GuestRepository {
  constructor(@InjectRepository(GuestUserEntity) private readonly guests: Repository<GuestUserEntity>) {}

  /** A guest exists with its user, password and first session, or not at all. */
  async create(guest: NewGuest): Promise<void> {
    await this.guests.manager.transaction(async (manager) => {
      await manager.insert(UserEntity, guest.user);
      await manager.insert(GuestUserEntity, guest.guest);
      await manager.insert(GuestPasswordEntity, guest.password);
      await manager.insert(RefreshTokenEntity, guest.refreshToken);
    });
  }

  /** Records activity on the guest's own record (a no-op for a user who is not a guest). */
  async touch(guestUserId: string, at: Date): Promise<void> {
    await this.guests.update({ cognitoUsername: guestUserId }, { lastActiveAt: at });
  }
}
