import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { LessThan, Repository } from 'typeorm';
import { type PasskeyCeremony, PasskeyChallengeEntity } from './passkey-challenge.entity';

function hashOf(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}

@Injectable()
export class PasskeyChallengeRepository {
  constructor(
    @InjectRepository(PasskeyChallengeEntity)
    private readonly challenges: Repository<PasskeyChallengeEntity>,
  ) {}

  /** Remembers options' challenge until it is answered or expires; drops expired ones on the way. */
  async add(
    challenge: string,
    ceremony: PasskeyCeremony,
    userId: string | null,
    now: Date,
    ttlSeconds: number,
  ): Promise<void> {
    await this.challenges.delete({ expiresAt: LessThan(now) });
    await this.challenges.insert({
      challengeHash: hashOf(challenge),
      ceremony,
      userId,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
  }

  /**
   * Spends the challenge if it was given out for this ceremony (and this user, for a
   * registration) and is still live; false otherwise. A challenge answers once.
   */
  async consume(
    challenge: string,
    ceremony: PasskeyCeremony,
    userId: string | null,
    now: Date,
  ): Promise<boolean> {
    const [, deleted] = (await this.challenges.query(
      `DELETE FROM passkey_challenges
       WHERE "challengeHash" = $1 AND ceremony = $2 AND "userId" IS NOT DISTINCT FROM $3 AND "expiresAt" > $4
       RETURNING "challengeHash"`,
      [hashOf(challenge), ceremony, userId, now],
    )) as [unknown, number];
    return deleted > 0;
  }
}
