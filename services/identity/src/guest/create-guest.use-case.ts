import { Injectable } from '@nestjs/common';
import type { GuestCreateReply, GuestCreateRequest } from '@backtalk/proto';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TokenIssuerService } from '../token/token-issuer.service';
import { GuestRepository } from './guest.repository';

/**
 * Spec §6 Guest, §7 createGuestUserFunc: an anonymous fan with a user record,
 * a guest record and a session. The guest's password exists only so the
 * record matches the spec's GuestPassword; it is random and never leaves this
 * method. It is hashed with a single SHA-256, not argon2: a slow hash defends
 * guessable human passwords against offline guessing, but this one is 256 random
 * bits, so no guessing is possible, and argon2 on a public, unauthenticated
 * endpoint would only hand anyone a cheap way to burn the service's CPU. The guest signs in as its own id, which is
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
    const passwordHash = `sha256$${createHash('sha256').update(randomBytes(32)).digest('base64url')}`;
    const refreshToken = this.issuer.mintRefreshToken(now);
    const sessionId = randomUUID();
    const user = {
      id,
      owner: id,
      username: id,
      email: null,
      emailVerified: false,
      verifiedPhoneNumber: null,
      passwordHash: null,
      confirmed: false,
      passwordChangeRequired: false,
      passwordResetRequired: false,
      attributes: {},
      profilePictureURL: null,
      isCreator: false,
      isGuest: true,
      confirmedAgeBand: null,
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
        convertedUserId: null,
      },
      password: { guestUserId: id, password: passwordHash },
      refreshToken: {
        tokenHash: refreshToken.tokenHash,
        expiresAt: refreshToken.expiresAt,
        userId: id,
        familyId: sessionId,
      },
      session: {
        id: sessionId,
        userId: id,
        expiresAt: refreshToken.expiresAt,
        now,
        client: {
          ip: request.ipAddress ?? 'unknown',
          ...(request.userAgent ? { userAgent: request.userAgent } : {}),
        },
      },
    });
    return { userId: id, tokens: await this.issuer.tokensFor(user, refreshToken, now, sessionId) };
  }
}
