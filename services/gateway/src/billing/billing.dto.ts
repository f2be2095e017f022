import {
  checkoutCreateBodySchema,
  earningsReplySchema,
  onboardingLinkBodySchema,
  onboardingStartReplySchema,
  onboardingStatusReplySchema,
  portalCreateBodySchema,
  priceSetBodySchema,
  priceSplitSchema,
  redirectReplySchema,
  subscriptionListReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

// Billing's requests minus what the gateway fills in (the actor from the token, the origin
// from PUBLIC_URL or the loopback host); strict bodies refuse a smuggled actor or origin.

export class RedirectResponse extends createZodDto(redirectReplySchema) {}
export class OnboardingStartResponse extends createZodDto(onboardingStartReplySchema) {}
export class OnboardingStatusResponse extends createZodDto(onboardingStatusReplySchema) {}
export class AccountIdParams extends createZodDto(onboardingLinkBodySchema) {}
export class PriceSplitResponse extends createZodDto(priceSplitSchema) {}
export class PriceSetBody extends createZodDto(priceSetBodySchema) {}
export class CheckoutBody extends createZodDto(checkoutCreateBodySchema) {}
export class PortalBody extends createZodDto(portalCreateBodySchema) {}
export class SubscriptionListResponse extends createZodDto(subscriptionListReplySchema) {}
export class EarningsResponse extends createZodDto(earningsReplySchema) {}
