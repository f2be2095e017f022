import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { LessThan, MoreThan, Repository } from 'typeorm';
import { type ChallengeStep, SignInChallengeEntity } from './sign-in-challenge.entity';

/** Spec §9: a sign-in challenge session expires after 3 minutes. */
const CHALLENGE_TTL_MS = 3 * 60 * 1000;

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Challenges are bearer secrets (32 random bytes) looked up by their hash,
 * which only the browser holding the token can produce.
 */
@Injectable()
export class SignInChallengeRepository {
  constructor(
    @InjectRepository(SignInChallengeEntity) private readonly challenges: Repository<SignInChallengeEntity>,
  ) {}

  /** A new challenge for the user's next step; returns the token the browser sends back. */
  async create(
    userId: string,
    step: ChallengeStep,
    guestUserId: string | undefined,
    now: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.challenges.delete({ expiresAt: LessThan(now) });
    await this.challenges.insert({
      tokenHash: hashOf(token),
      userId,
      step,
      guestUserId: guestUserId ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  /** The live challenge the token names, without spending it (to check the answer's kind first). */
  findLive(token: string, now: Date): Promise<SignInChallengeEntity | null> {
    return this.challenges.findOneBy({ tokenHash: hashOf(token), expiresAt: MoreThan(now) });
  }

  /** Spends the challenge; false when it was already spent (a challenge answers once) or expired. */
  async consume(challenge: SignInChallengeEntity, now: Date): Promise<boolean> {
    const result = await this.challenges.delete({ id: challenge.id, expiresAt: MoreThan(now) });
    return (result.affected ?? 0) > 0;
  }
}
