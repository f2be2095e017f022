import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import type { AuthClient } from '@backtalk/proto';
import { type EntityManager, IsNull, MoreThan, Not, Repository } from 'typeorm';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import type { NewRefreshToken } from '../token/refresh-token.repository';
import { AuthSessionEntity } from './auth-session.entity';

/** A new session: its family's first refresh token goes in with it. */
export interface NewSession {
  id: string;
  userId: string;
  expiresAt: Date;
  client?: AuthClient;
  now: Date;
}

/** The row of a new session (also written by guest creation, inside its own transaction). */
export function sessionRow(session: NewSession): Omit<AuthSessionEntity, 'revokedAt'> & { revokedAt: null } {
  return {
    id: session.id,
    userId: session.userId,
    createdAt: session.now,
    lastUsedAt: session.now,
    expiresAt: session.expiresAt,
    userAgent: session.client?.userAgent ?? null,
    ipAddress: session.client?.ip ?? null,
    revokedAt: null,
  };
}

/**
 * Every read and change names the owner (the user id), so one user can never
 * list or end another's sessions, whatever session id they send.
 */
@Injectable()
export class AuthSessionRepository {
  constructor(
    @InjectRepository(AuthSessionEntity) private readonly sessions: Repository<AuthSessionEntity>,
  ) {}

  /** A new session and the first refresh token of its family, together or not at all. */
  start(session: NewSession, firstToken: Pick<NewRefreshToken, 'tokenHash' | 'expiresAt'>): Promise<void> {
    return this.sessions.manager.transaction(async (manager) => {
      await manager.insert(AuthSessionEntity, sessionRow(session));
      await manager.insert(RefreshTokenEntity, {
        tokenHash: firstToken.tokenHash,
        expiresAt: firstToken.expiresAt,
        userId: session.userId,
        familyId: session.id,
      });
    });
  }

  /** A refresh: the session was used now and lives as long as its new token (created if it predates sessions). */
  async touch(session: NewSession): Promise<void> {
    await this.sessions.query(
      `INSERT INTO sessions (id, "userId", "createdAt", "lastUsedAt", "expiresAt", "userAgent", "ipAddress")
       VALUES ($1, $2, $3, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET "lastUsedAt" = EXCLUDED."lastUsedAt", "expiresAt" = EXCLUDED."expiresAt",
         "userAgent" = COALESCE(EXCLUDED."userAgent", sessions."userAgent"),
         "ipAddress" = COALESCE(EXCLUDED."ipAddress", sessions."ipAddress")`,
      [
        session.id,
        session.userId,
        session.now,
        session.expiresAt,
        session.client?.userAgent ?? null,
        session.client?.ip ?? null,
      ],
    );
  }

  /** One of the owner's sessions, live or not. */
  findOwn(userId: string, sessionId: string): Promise<AuthSessionEntity | null> {
    return this.sessions.findOneBy({ id: sessionId, userId });
  }

  /** The owner's live sessions, most recently used first. */
  listActive(userId: string, now: Date): Promise<AuthSessionEntity[]> {
    return this.sessions.find({
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      order: { lastUsedAt: 'DESC', id: 'ASC' },
    });
  }

  /** Ends one of the owner's sessions and its refresh tokens; false when the owner has no such live session. */
  revoke(userId: string, sessionId: string, now: Date): Promise<boolean> {
    return this.sessions.manager.transaction(async (manager) => {
      const result = await manager.update(
        AuthSessionEntity,
        { id: sessionId, userId, revokedAt: IsNull() },
        { revokedAt: now },
      );
      await manager.update(
        RefreshTokenEntity,
        { familyId: sessionId, userId, revokedAt: IsNull() },
        { revokedAt: now },
      );
      return (result.affected ?? 0) > 0;
    });
  }

  /** 'Sign out everywhere' (and a password reset): every session and refresh token of the owner. */
  revokeAll(userId: string, now: Date, transaction?: Transaction): Promise<number> {
    return this.revokeAllExcept(userId, undefined, now, transaction);
  }

  /** Every session of the owner but `keepSessionId` (a password change that signs out the others). */
  revokeAllExcept(
    userId: string,
    keepSessionId: string | undefined,
    now: Date,
    transaction?: Transaction,
  ): Promise<number> {
    const keep = keepSessionId ? { id: Not(keepSessionId) } : {};
    const keepFamily = keepSessionId ? { familyId: Not(keepSessionId) } : {};
    const work = async (db: EntityManager): Promise<number> => {
      const live = await db.find(AuthSessionEntity, {
        where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(now), ...keep },
        select: { id: true },
      });
      await db.update(AuthSessionEntity, { userId, revokedAt: IsNull(), ...keep }, { revokedAt: now });
      await db.update(RefreshTokenEntity, { userId, revokedAt: IsNull(), ...keepFamily }, { revokedAt: now });
      return live.length;
    };
    return transaction ? work(managerOf(transaction)) : this.sessions.manager.transaction(work);
  }

  /** The session a refresh-token family belongs to ended (sign-out, or reuse detected). */
  async markRevoked(sessionId: string, now: Date): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: now });
  }
}
