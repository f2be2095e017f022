import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ServiceClient } from '@backtalk/kit';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorDirectory } from '../creators/creator-directory';
import { EarningsRepository } from './earnings.repository';

/**
 * `/creator/payments`' charts: the caller's own creator's subscribers and revenue by week and the
 * funnel fans → reached the free-tier limit → subscribed → cancelled. Billing owns the last two
 * stages; the first two are chat-inference's records, which it gives only to the creator's own user.
 */
@Controller()
export class EarningsController {
  constructor(
    private readonly creators: CreatorDirectory,
    private readonly earnings: EarningsRepository,
    private readonly client: ServiceClient,
  ) {}

  @MessagePattern(Subjects.BillingEarningsGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingEarningsGet>,
  ): Promise<ReplyOf<typeof Subjects.BillingEarningsGet>> {
    const creator = await this.creators.ownCreator(actor);
    const [weeks, billed, chat] = await Promise.all([
      this.earnings.weeks(creator.id),
      this.earnings.subscribedAndCancelled(creator.id),
      this.client.request(Subjects.ChatCreatorFunnelGet, { actor, creatorId: creator.id }),
    ]);
    return { currency: 'usd', weeks, funnel: { ...chat, ...billed } };
  }
}
