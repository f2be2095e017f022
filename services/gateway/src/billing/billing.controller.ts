import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import { CurrentActor } from '../auth/auth.guard';
import { publicOrigin } from '../auth/request-origin';
import { GatewayConfig } from '../gateway.config';
import {
  AccountIdParams,
  CheckoutBody,
  EarningsResponse,
  OnboardingStartResponse,
  OnboardingStatusResponse,
  PortalBody,
  PriceSetBody,
  PriceSplitResponse,
  RedirectResponse,
  SubscriptionListResponse,
} from './billing.dto';

/**
 * Payments (docs/billing.md). Billing authorizes every call against the actor: creator
 * routes act on the caller's own creator only, fan routes on the caller's own customer.
 */
@ApiTags('billing')
@ApiBearerAuth()
@Controller('api/billing')
export class BillingController {
  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  /** 'Start Earning with Stripe': the creator's Connect account (made once) and its onboarding link. */
  @Post('onboarding')
  @HttpCode(200)
  @ApiOkResponse({ type: OnboardingStartResponse })
  startOnboarding(@CurrentActor() actor: Actor, @Req() request: Request): Promise<OnboardingStartResponse> {
    return this.client.request(Subjects.BillingOnboardingStart, { actor, origin: this.origin(request) });
  }

  /** Spec §4 Onboarding status of the caller's own creator. */
  @Get('onboarding')
  @ApiOkResponse({ type: OnboardingStatusResponse })
  onboardingStatus(@CurrentActor() actor: Actor): Promise<OnboardingStatusResponse> {
    return this.client.request(Subjects.BillingOnboardingStatus, { actor });
  }

  /** /refresh/{accountId}: a new onboarding link for the caller's own account. */
  @Post('onboarding/:accountId/link')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectResponse })
  onboardingLink(
    @CurrentActor() actor: Actor,
    @Param() { accountId }: AccountIdParams,
    @Req() request: Request,
  ): Promise<RedirectResponse> {
    return this.client.request(Subjects.BillingOnboardingLink, {
      actor,
      accountId,
      origin: this.origin(request),
    });
  }

  /** A login link to the creator's Stripe Express dashboard. */
  @Post('dashboard-link')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectResponse })
  dashboardLink(@CurrentActor() actor: Actor): Promise<RedirectResponse> {
    return this.client.request(Subjects.BillingDashboardLink, { actor });
  }

  @Get('price')
  @ApiOkResponse({ type: PriceSplitResponse })
  price(@CurrentActor() actor: Actor): Promise<PriceSplitResponse> {
    return this.client.request(Subjects.BillingPriceGet, { actor });
  }

  @Put('price')
  @ApiOkResponse({ type: PriceSplitResponse })
  setPrice(@CurrentActor() actor: Actor, @Body() body: PriceSetBody): Promise<PriceSplitResponse> {
    return this.client.request(Subjects.BillingPriceSet, { actor, ...body });
  }

  /** 'Subscribe': a Stripe Checkout session for the creator's monthly price. */
  @Post('checkout')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectResponse })
  checkout(
    @CurrentActor() actor: Actor,
    @Body() body: CheckoutBody,
    @Req() request: Request,
  ): Promise<RedirectResponse> {
    return this.client.request(Subjects.BillingCheckoutCreate, {
      actor,
      creatorId: body.creatorId,
      origin: this.origin(request),
    });
  }

  /** 'Manage Billing': the Stripe customer portal, returning to `returnPath`. */
  @Post('portal')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectResponse })
  portal(
    @CurrentActor() actor: Actor,
    @Body() body: PortalBody,
    @Req() request: Request,
  ): Promise<RedirectResponse> {
    return this.client.request(Subjects.BillingPortalCreate, {
      actor,
      returnPath: body.returnPath,
      origin: this.origin(request),
    });
  }

  /** Spec §7 getUserSubscriptionsFunc: the caller's subscriptions, and whether they can manage billing. */
  @Get('subscriptions')
  @ApiOkResponse({ type: SubscriptionListResponse })
  subscriptions(@CurrentActor() actor: Actor): Promise<SubscriptionListResponse> {
    return this.client.request(Subjects.BillingSubscriptionList, { actor });
  }

  /**
   * `/creator/payments`' charts: the caller's own creator's subscribers and revenue by week and
   * the funnel (docs/billing.md, "Earnings and funnel"). There is no way to name another creator.
   */
  @Get('earnings')
  @ApiOkResponse({ type: EarningsResponse })
  earnings(@CurrentActor() actor: Actor): Promise<EarningsResponse> {
    return this.client.request(Subjects.BillingEarningsGet, { actor });
  }

  /** Where Stripe sends the browser back to; only PUBLIC_URL, or the request's own loopback origin. */
  private origin(request: Request): string {
    const origin = publicOrigin(request, this.config.PUBLIC_URL);
    if (!origin) {
      throw new ServiceError(
        ErrorCode.PaymentsNotConfigured,
        'Payments need PUBLIC_URL on this server, the address Stripe sends people back to. The operator must set it.',
      );
    }
    return origin;
  }
}
