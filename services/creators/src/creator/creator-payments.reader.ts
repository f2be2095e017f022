import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';

/**
 * Whether creators finished payment onboarding, asked of billing, which owns it
 * (docs/architecture.md, "One owner per fact"). The public Creator reply shows
 * it; when billing cannot answer, creators are shown as not onboarded rather than
 * failing the page (chat-inference's own gate asks billing and fails closed).
 */
@Injectable()
export class CreatorPayments {
  private readonly logger = new Logger(CreatorPayments.name);

  constructor(private readonly client: ServiceClient) {}

  async onboardingComplete(creatorIds: string[]): Promise<Map<string, boolean>> {
    const result = new Map(creatorIds.map((id) => [id, false]));
    if (creatorIds.length === 0) return result;
    try {
      for (let start = 0; start < creatorIds.length; start += 100) {
        const { payments } = await this.client.request(Subjects.BillingCreatorPaymentGet, {
          creatorIds: creatorIds.slice(start, start + 100),
        });
        for (const payment of payments) result.set(payment.creatorId, payment.onboardingComplete);
      }
    } catch (error) {
      this.logger.warn(
        `Billing did not answer for onboarding state; showing not onboarded: ${String(error)}`,
      );
    }
    return result;
  }
}
