import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { StripeAccountRepository } from './stripe-account.repository';

/** Billing is the one owner of creators' payment state (docs/architecture.md, "One owner per fact"). */
@Controller()
export class CreatorPaymentController {
  constructor(private readonly accounts: StripeAccountRepository) {}

  @MessagePattern(Subjects.BillingCreatorPaymentGet)
  async get(
    @Payload() { creatorIds }: ParsedRequestOf<typeof Subjects.BillingCreatorPaymentGet>,
  ): Promise<ReplyOf<typeof Subjects.BillingCreatorPaymentGet>> {
    const accounts = new Map(
      (await this.accounts.findByCreators(creatorIds)).map((account) => [account.creatorId, account]),
    );
    return {
      payments: creatorIds.map((creatorId) => ({
        creatorId,
        onboardingComplete: accounts.get(creatorId)?.onboardingComplete ?? false,
      })),
    };
  }
}
