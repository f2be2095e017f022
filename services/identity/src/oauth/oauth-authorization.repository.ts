import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { OAuthAuthorizationEntity } from './oauth-authorization.entity';

export type NewOAuthAuthorization = Omit<OAuthAuthorizationEntity, 'id' | 'createdAt'>;

/** Pending sign-ins are looked up by the hash of their state, which only the browser and the provider saw. */
@Injectable()
export class OAuthAuthorizationRepository {
  constructor(
    @InjectRepository(OAuthAuthorizationEntity)
    private readonly authorizations: Repository<OAuthAuthorizationEntity>,
  ) {}

  async create(authorization: NewOAuthAuthorization): Promise<void> {
    await this.authorizations.insert(authorization);
  }

  /**
   * Removes and returns the pending sign-in in one statement, so a state is
   * spent by the first callback that names it: a replay, even a concurrent
   * one, finds nothing. Expired rows are returned too (the caller refuses them).
   */
  async take(stateHash: string): Promise<OAuthAuthorizationEntity | null> {
    const result = await this.authorizations
      .createQueryBuilder()
      .delete()
      .where('"stateHash" = :stateHash', { stateHash })
      .returning('*')
      .execute();
    return (result.raw as OAuthAuthorizationEntity[])[0] ?? null;
  }

  /**
   * Housekeeping as new sign-ins start: sign-ins abandoned at the provider, and
   * the provider notes of sessions that have ended (signed out or expired).
   */
  async deleteExpired(now: Date): Promise<void> {
    await this.authorizations.delete({ expiresAt: LessThan(now) });
    await this.authorizations.query(
      `DELETE FROM oauth_sessions o USING sessions s
       WHERE s.id = o."familyId" AND (s."revokedAt" IS NOT NULL OR s."expiresAt" < $1)`,
      [now],
    );
  }
}
