import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { GuestRepository } from './guest.repository';

/** A move that takes longer is finished by the retry; the sign-in does not wait for it. */
const TRANSFER_TIMEOUT_MS = 4000;
const RETRY_BATCH = 100;

/**
 * Spec §3 GuestUser.convertedToUser: a guest that signs up or signs in hands
 * its conversations and free-tier usage to the account (chat-inference owns
 * them and moves them), then is marked converted and its guest sessions end.
 * The account is recorded first, so a move that fails (chat-inference down)
 * is retried by the hourly guest job instead of losing the chats.
 */
@Injectable()
export class ConvertGuest {
  private readonly logger = new Logger(ConvertGuest.name);

  constructor(
    private readonly guests: GuestRepository,
    private readonly sessions: AuthSessionRepository,
    private readonly client: ServiceClient,
  ) {}

  /** True once the chats are the account's; false when there was nothing to convert or the move must be retried. */
  async execute(guestUserId: string, userId: string): Promise<boolean> {
    if (guestUserId === userId) return false;
    if (!(await this.guests.markConverting(guestUserId, userId))) return false;
    return this.transfer(guestUserId, userId);
  }

  /** Finishes moves that failed earlier. */
  async retryPending(): Promise<void> {
    for (const { guestUserId, userId } of await this.guests.pendingConversions(RETRY_BATCH)) {
      await this.transfer(guestUserId, userId);
    }
  }

  private async transfer(guestUserId: string, userId: string): Promise<boolean> {
    try {
      const moved = await this.client.request(
        Subjects.ChatGuestDataTransfer,
        { guestUserId, userId },
        TRANSFER_TIMEOUT_MS,
      );
      await this.guests.markConverted(guestUserId, userId);
      await this.sessions.revokeAll(guestUserId, new Date());
      this.logger.log(
        `Guest ${guestUserId} became user ${userId}: ${moved.conversations} conversation(s), ${moved.messages} message(s) moved`,
      );
      return true;
    } catch (error) {
      this.logger.warn(
        `Could not move guest ${guestUserId}'s chats to user ${userId} yet (retried hourly): ${(error as Error).message}`,
      );
      return false;
    }
  }
}
