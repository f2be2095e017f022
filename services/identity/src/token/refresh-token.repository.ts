import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity';

/** A refresh token about to be stored: its hash and expiry (the value itself is never stored). */
export type NewRefreshToken = Pick<RefreshTokenEntity, 'tokenHash' | 'userId' | 'familyId' | 'expiresAt'>;

/**
 * Refresh tokens are bearer secrets looked up by their hash, which only their
 * holder can produce; the hash stands in for the owner id here.
 */
@Injectable()
export class RefreshTokenRepository {
  constructor(
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
  ) {}

  /**
   * Marks the token used and stores its successor in the same family, in one
   * transaction. The conditional UPDATE is the arbiter between concurrent
   * refreshes of one token: PostgreSQL lets exactly one of them match
   * `usedAt IS NULL`. Returns the used token, or null when it is unknown,
   * used, revoked or expired.
   */
  rotate(
    tokenHash: string,
    now: Date,
    next: Pick<NewRefreshToken, 'tokenHash' | 'expiresAt'>,
  ): Promise<RefreshTokenEntity | null> {
    const successorId = randomUUID();
    return this.tokens.manager.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(RefreshTokenEntity)
        .set({ usedAt: now, successorId })
        .where('"tokenHash" = :tokenHash', { tokenHash })
        .andWhere('"usedAt" IS NULL')
        .andWhere('"revokedAt" IS NULL')
        .andWhere('"expiresAt" > :now', { now })
        .returning('*')
        .execute();
      const used = (result.raw as RefreshTokenEntity[])[0];
      if (!used) return null;
      await manager.insert(RefreshTokenEntity, {
        ...next,
        id: successorId,
        userId: used.userId,
        familyId: used.familyId,
      });
      return used;
    });
  }

  findByHash(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** The token a used one was rotated into, whether or not it can still be used. */
  findSuccessor(token: RefreshTokenEntity): Promise<RefreshTokenEntity | null> {
    if (!token.successorId) return Promise.resolve(null);
    return this.tokens.findOneBy({ id: token.successorId, familyId: token.familyId });
  }

  /** Revokes every live token of the family and ends its session (sign-out, or reuse detected). */
  revokeFamily(familyId: string, now: Date): Promise<number> {
    return this.tokens.manager.transaction(async (manager) => {
      const result = await manager.update(
        RefreshTokenEntity,
        { familyId, revokedAt: IsNull() },
        { revokedAt: now },
      );
      await manager.query('UPDATE sessions SET "revokedAt" = $2 WHERE id = $1 AND "revokedAt" IS NULL', [
        familyId,
        now,
      ]);
      return result.affected ?? 0;
    });
  }
}
