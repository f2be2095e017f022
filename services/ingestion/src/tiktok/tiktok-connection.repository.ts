import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { TikTokAuthorizationEntity, TikTokConnectionEntity } from './tiktok-connection.entity';

/** What a connection stores; `connectedAt` and `updatedAt` are the database's. */
type NewConnection = Omit<TikTokConnectionEntity, 'connectedAt' | 'updatedAt'>;

/** `tiktok_connections` (one per user) and `tiktok_authorizations` (connections under way). */
@Injectable()
export class TikTokConnectionRepository {
  constructor(
    @InjectRepository(TikTokConnectionEntity)
    private readonly connections: Repository<TikTokConnectionEntity>,
    @InjectRepository(TikTokAuthorizationEntity)
    private readonly pending: Repository<TikTokAuthorizationEntity>,
  ) {}

  /** A started connection; those expired by `now` go first. */
  async addAuthorization(authorization: TikTokAuthorizationEntity, now: Date): Promise<void> {
    await this.pending.delete({ expiresAt: LessThan(now) });
    await this.pending.insert(authorization);
  }

  findAuthorization(stateHash: string): Promise<TikTokAuthorizationEntity | null> {
    return this.pending.findOneBy({ stateHash });
  }

  /** Removes a started connection; false when another request took it first. */
  async takeAuthorization(stateHash: string): Promise<boolean> {
    const { affected } = await this.pending.delete({ stateHash });
    return Boolean(affected);
  }

  findConnection(userId: string): Promise<TikTokConnectionEntity | null> {
    return this.connections.findOneBy({ userId });
  }

  /** The user's connection replaced by a new one, in one transaction. */
  async replaceConnection(connection: NewConnection): Promise<void> {
    await this.connections.manager.transaction(async (manager) => {
      await manager.delete(TikTokConnectionEntity, { userId: connection.userId });
      await manager.insert(TikTokConnectionEntity, connection);
    });
  }

  async updateConnection(
    userId: string,
    change: Partial<Omit<NewConnection, 'userId' | 'openId'>>,
  ): Promise<void> {
    await this.connections.update({ userId }, change);
  }

  /** False when the user had no connection. */
  async removeConnection(userId: string): Promise<boolean> {
    const { affected } = await this.connections.delete({ userId });
    return Boolean(affected);
  }

  /** The user's connection and any connection they had started. */
  async eraseUser(userId: string): Promise<void> {
    await this.connections.delete({ userId });
    await this.pending.delete({ userId });
  }
}
