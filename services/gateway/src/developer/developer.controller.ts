import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { assertMayShowConfig, ServiceClient, ServiceError, shownConfigVariables } from '@backtalk/kit';
import { type Actor, backendServiceNames, configSubjectFor, ServiceName, Subjects } from '@backtalk/proto';
import type { Request } from 'express';
import { CurrentActor } from '../auth/auth.guard';
import { GatewayConfig, gatewayConfigSchema } from '../gateway.config';
import {
  AuthTestResponse,
  CreatorDataBody,
  CreatorDataResponse,
  EnvVarsResponse,
  EssenceTestBody,
  EssenceTestResponse,
  ResyncRoundParams,
  ResyncRoundResponse,
} from './developer.dto';

type ServiceConfig = EnvVarsResponse['services'][number];

/**
 * The developer pages' API (spec §2 /dev/*, §7 displayEnvVarsFunc and authTestFunc). Each
 * service shows its own configuration, derived from its config schema with every secret masked;
 * only admins see it, and each service checks that itself.
 */
@ApiTags('dev')
@ApiBearerAuth()
@Controller('api/dev')
export class DeveloperController {
  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  @Get('env-vars')
  @ApiOkResponse({ type: EnvVarsResponse })
  async envVars(@CurrentActor() actor: Actor): Promise<EnvVarsResponse> {
    assertMayShowConfig(actor);
    const gateway: ServiceConfig = {
      service: ServiceName.Gateway,
      status: 'ok',
      variables: shownConfigVariables(gatewayConfigSchema, this.config),
    };
    const others = await Promise.all(
      backendServiceNames.map(async (service): Promise<ServiceConfig> => {
        try {
          const reply = await this.client.request(configSubjectFor[service], { actor });
          return { service, status: 'ok', variables: reply.variables };
        } catch (error) {
          const failure = ServiceError.from(error, service);
          // A refusal is the caller's answer, not one service's outage.
          if (failure.code === 'FORBIDDEN') throw failure;
          return { service, status: 'unavailable', message: failure.message };
        }
      }),
    );
    return { timestamp: new Date().toISOString(), services: [gateway, ...others] };
  }

  /** The session as the gateway verified it, and its access token's claims. A missing or bad token is 401. */
  @Get('auth-test')
  @ApiOkResponse({ type: AuthTestResponse })
  authTest(@CurrentActor() actor: Actor, @Req() request: Request): AuthTestResponse {
    const claims = claimsOf(request.headers.authorization ?? '');
    const exp = typeof claims['exp'] === 'number' ? claims['exp'] : null;
    return {
      actor: { userId: actor.userId, userType: actor.userType, groups: actor.groups },
      claims,
      expiresAt: exp === null ? null : new Date(exp * 1000).toISOString(),
    };
  }

  /** /dev/creator-init's 'Get User Data': the profile and videos the providers read for a handle; nothing stored. */
  @Post('creator-data')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatorDataResponse })
  creatorData(@CurrentActor() actor: Actor, @Body() body: CreatorDataBody): Promise<CreatorDataResponse> {
    return this.client.request(Subjects.IngestionCreatorDataGet, { actor, ...body });
  }

  /** /dev/test-essence: an essence generated from pasted content (admins); nothing stored. */
  @Post('test-essence')
  @HttpCode(200)
  @ApiOkResponse({ type: EssenceTestResponse })
  testEssence(@CurrentActor() actor: Actor, @Body() body: EssenceTestBody): Promise<EssenceTestResponse> {
    return this.client.request(Subjects.IngestionEssenceTest, { actor, ...body });
  }

  /** /dev/check-all-tiktok: re-syncs every initialised creator now (admins); answers the round. */
  @Post('check-all-tiktok')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ResyncRoundResponse })
  checkAllTiktok(@CurrentActor() actor: Actor): Promise<ResyncRoundResponse> {
    return this.client.request(Subjects.IngestionResyncRoundStart, { actor });
  }

  /** Where each creator's run of a re-sync round is. */
  @Get('check-all-tiktok/:roundId')
  @ApiOkResponse({ type: ResyncRoundResponse })
  resyncRound(
    @CurrentActor() actor: Actor,
    @Param() { roundId }: ResyncRoundParams,
  ): Promise<ResyncRoundResponse> {
    return this.client.request(Subjects.IngestionResyncRoundGet, { actor, roundId });
  }
}

/** The payload of the bearer token the auth guard has already verified. */
function claimsOf(header: string): Record<string, unknown> {
  const token = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
  const payload = token.split('.')[1] ?? '';
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
