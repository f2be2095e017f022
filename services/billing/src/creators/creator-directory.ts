import { Injectable } from '@nestjs/common';
import { ForbiddenError, ServiceClient } from '@backtalk/kit';
import { type Actor, type Creator, Subjects } from '@backtalk/proto';

/** Billing's view of creators, who are creators' records: asked over NATS, never stored here. */
@Injectable()
export class CreatorDirectory {
  constructor(private readonly client: ServiceClient) {}

  /**
   * The creator profile the caller owns. Every creator-side payment action starts here, so a
   * caller can only ever reach their own creator's account (CREATOR_NOT_FOUND for a non-creator).
   */
  ownCreator(actor: Actor): Promise<Creator> {
    if (actor.userType !== 'authenticated') {
      return Promise.reject(new ForbiddenError('Sign in with your creator account to manage payments.'));
    }
    return this.client.request(Subjects.CreatorsCreatorFindByUser, { userId: actor.userId });
  }

  creator(creatorId: string): Promise<Creator> {
    return this.client.request(Subjects.CreatorsCreatorGet, { id: creatorId });
  }
}
