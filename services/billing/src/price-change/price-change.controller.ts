import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorDirectory } from '../creators/creator-directory';
import { PriceChangeRepository } from './price-change.repository';

/** /creator/payments' pending price changes: the caller's own creator's only. */
@Controller()
export class PriceChangeController {
  constructor(
    private readonly creators: CreatorDirectory,
    private readonly changes: PriceChangeRepository,
  ) {}

  @MessagePattern(Subjects.BillingPriceChangeList)
  async list(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingPriceChangeList>,
  ): Promise<ReplyOf<typeof Subjects.BillingPriceChangeList>> {
    const creator = await this.creators.ownCreator(actor);
    return { changes: await this.changes.listForCreator(creator.id, new Date()) };
  }
}
