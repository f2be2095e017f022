import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import type { Request } from 'express';
import { Public } from '../auth/auth.guard';
import { GatewayConfig } from '../gateway.config';
import { verifyStripeEvent } from './stripe-signature';
import { StripeWebhookResponse } from './stripe-webhook.dto';

/**
 * Stripe's webhook endpoint (docs/billing.md, "Webhooks"). No session and no
 * CSRF header: the signature is the authentication. It answers 200 only once
 * billing's durable queue holds the event, so Stripe keeps retrying until then.
 */
@ApiTags('stripe')
@Public()
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly queue: DurableQueue,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Receives a signed Stripe event and queues it for billing' })
  @ApiHeader({ name: 'stripe-signature', required: true, description: "Stripe's signature of the raw body" })
  @ApiOkResponse({ type: StripeWebhookResponse })
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature?: string,
  ): Promise<StripeWebhookResponse> {
    const event = verifyStripeEvent(request.rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
    const { duplicate } = await this.queue.publish(DurableSubjects.BillingStripeEventReceived, event, {
      dedupeId: event.id,
    });
    return { received: true, duplicate };
  }
}
