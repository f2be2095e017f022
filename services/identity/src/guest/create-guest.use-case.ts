import { Injectable } from '@nestjs/common';
import type { GuestCreateReply, GuestCreateRequest } from '@backtalk/proto';
import { hash } from '@node-rs/argon2';
import { randomBytes, randomUUID } from 'node:crypto';
import { TokenIssuerService } from '../token/token-issuer.service';
import { GuestRepository } from './guest.repository';

/**
 * Spec §6 Guest, §7 createGuestUserFunc: an anonymous fan with a user record,
 * a guest record and a session. The guest's password exists only so the
 * record matches the spec's GuestPassword; it is random, hashed with argon2id
 * and never leaves this method. The guest signs in as its own id, which is
 * what marks it as a guest (username === id).
 */
@Injectable()
export class CreateGuest {
  constructor(
    private readonly guests: GuestRepository,
    private readonly issuer: TokenIssuerService,
  ) {}

  async execute(request: GuestCreateRequest): Promise<GuestCreateReply> {
    const id = randomUUID();
    const now = new Date();
    // @node-rs/argon2 hashes with argon2id by default.
    const passwordHash = await hash(randomBytes(32).toString('base64url'));
    const refreshToken = this.issuer.mintRefreshToken(now);
    const user = {
      id,
      owner: id,
      username: id,
      email: null,
      emailVerified: false,
      passwordHash: null,
      profilePictureURL: null,
      isCreator: false,
      isGuest: true,
      groups: [],
    };
    await this.guests.create({
      user,
      guest: {
        cognitoUsername: id,
        creatorId: request.creatorId,
        lastActiveAt: now,
        ipAddress: request.ipAddress ?? null,
        userAgent: request.userAgent ?? null,
        convertedToUser: null,
      },
      password: { guestUserId: id, password: passwordHash },
      refreshToken: {
        tokenHash: refreshToken.tokenHash,
        expiresAt: refreshToken.expiresAt,
        userId: id,
        familyId: randomUUID(),
      },
    });
    return { userId: id, tokens: await this.issuer.tokensFor(user, refreshToken, now) };
  }
}
