import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { OnboardingService } from './onboarding.service';

@Controller()
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @MessagePattern(Subjects.BillingOnboardingStart)
  start(
    @Payload() { actor, origin }: ParsedRequestOf<typeof Subjects.BillingOnboardingStart>,
  ): Promise<ReplyOf<typeof Subjects.BillingOnboardingStart>> {
    return this.onboarding.start(actor, origin);
  }

  @MessagePattern(Subjects.BillingOnboardingLink)
  link(
    @Payload() { actor, accountId, origin }: ParsedRequestOf<typeof Subjects.BillingOnboardingLink>,
  ): Promise<ReplyOf<typeof Subjects.BillingOnboardingLink>> {
    return this.onboarding.refreshLink(actor, accountId, origin);
  }

  @MessagePattern(Subjects.BillingOnboardingStatus)
  status(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingOnboardingStatus>,
  ): Promise<ReplyOf<typeof Subjects.BillingOnboardingStatus>> {
    return this.onboarding.status(actor);
  }

  @MessagePattern(Subjects.BillingDashboardLink)
  dashboard(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.BillingDashboardLink>,
  ): Promise<ReplyOf<typeof Subjects.BillingDashboardLink>> {
    return this.onboarding.dashboardLink(actor);
  }
}
