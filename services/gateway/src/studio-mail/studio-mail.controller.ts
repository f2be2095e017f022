import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { type Actor, Subjects } from '@backtalk/proto';
import { CurrentActor, Public } from '../auth/auth.guard';
import {
  DigestSettingBody,
  DigestSettingResponse,
  DigestUnsubscribeBody,
  PriceChangeListResponse,
} from './studio-mail.dto';

/**
 * What the studio tells creators and fans by email: a creator's price changes with their 30 days'
 * notice (billing, docs/billing.md) and the weekly digest's setting (creators, docs/creators.md).
 * Each acts on the caller's own creator only; the unsubscribe link works without signing in.
 */
@ApiTags('creators')
@Controller('api')
export class StudioMailController {
  constructor(private readonly client: ServiceClient) {}

  /** /creator/payments: the caller's price changes, with the subscribers still to move. */
  @ApiBearerAuth()
  @Get('billing/price/changes')
  @ApiOkResponse({ type: PriceChangeListResponse })
  priceChanges(@CurrentActor() actor: Actor): Promise<PriceChangeListResponse> {
    return this.client.request(Subjects.BillingPriceChangeList, { actor });
  }

  @ApiBearerAuth()
  @Get('digest/setting')
  @ApiOkResponse({ type: DigestSettingResponse })
  digestSetting(@CurrentActor() actor: Actor): Promise<DigestSettingResponse> {
    return this.client.request(Subjects.CreatorsDigestSettingGet, { actor });
  }

  @ApiBearerAuth()
  @Put('digest/setting')
  @ApiOkResponse({ type: DigestSettingResponse })
  setDigestSetting(
    @CurrentActor() actor: Actor,
    @Body() { weeklyDigest }: DigestSettingBody,
  ): Promise<DigestSettingResponse> {
    return this.client.request(Subjects.CreatorsDigestSettingSet, { actor, weeklyDigest });
  }

  /** The digest email's unsubscribe link: its signed token is the only credential. */
  @Public()
  @Post('digest/unsubscribe')
  @HttpCode(200)
  @ApiOkResponse({ type: DigestSettingResponse })
  unsubscribe(@Body() { token }: DigestUnsubscribeBody): Promise<DigestSettingResponse> {
    return this.client.request(Subjects.CreatorsDigestUnsubscribe, { token });
  }
}
