import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { DurableQueueModule, ServiceKitModule, ValidationError, describeZodIssues } from '@backtalk/kit';
import { createZodValidationPipe } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { AuthModule } from './auth/auth.module';
import { AdminController } from './admin/admin.controller';
import { BillingController } from './billing/billing.controller';
import { DeveloperController } from './developer/developer.controller';
import { ConversationsController } from './chat/conversations.controller';
import { CreatorOnboardingController } from './creators/creator-onboarding.controller';
import { TikTokConnectionController } from './creators/tiktok-connection.controller';
import { CreatorAudienceController } from './creators/creator-audience.controller';
import { CreatorBoundariesController } from './creators/creator-boundaries.controller';
import { CreatorKnowledgeController } from './knowledge/creator-knowledge.controller';
import { CreatorPreviewController } from './creators/creator-preview.controller';
import { CreatorsController } from './creators/creators.controller';
import { DiscoverController } from './discover/discover.controller';
import { MediaController } from './creators/media.controller';
import { EnvironmentController } from './environment/environment.controller';
import { FeatureFlagsController } from './feature-flags/feature-flags.controller';
import { GatewayConfig } from './gateway.config';
import { PlatformHealthController } from './health/platform-health.controller';
import { PlatformHealthService } from './health/platform-health.service';
import { InboxController } from './inbox/inbox.controller';
import { ReportsController } from './reports/reports.controller';
import { MemoryController } from './memory/memory.controller';
import { InsightsController } from './insights/insights.controller';
import { ReplySamplesController } from './reply-samples/reply-samples.controller';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';
import { StudioMailController } from './studio-mail/studio-mail.controller';
import { JsonBodyOnlyMiddleware } from './security/json-body.middleware';
import { ApiThrottleMiddleware, GuestCreationThrottleMiddleware } from './throttle/throttle.middleware';
import { ThrottleService } from './throttle/throttle.service';

/** Bad HTTP input becomes VALIDATION_FAILED (400) with a message naming the field. */
const ValidationPipe = createZodValidationPipe({
  createValidationException: (error: unknown) => new ValidationError(describeZodIssues(error as ZodError)),
});

@Module({})
export class GatewayModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Counted before guards and body validation, so refused and bad requests cost budget too.
    consumer.apply(ApiThrottleMiddleware).forRoutes({ path: 'api/{*path}', method: RequestMethod.ALL });
    consumer
      .apply(GuestCreationThrottleMiddleware)
      .forRoutes({ path: 'api/auth/guest', method: RequestMethod.POST });
    consumer.apply(JsonBodyOnlyMiddleware).forRoutes({ path: 'api/{*path}', method: RequestMethod.ALL });
  }

  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ServiceKitModule.forService({ name: 'gateway', config: GatewayConfig, env }),
        DurableQueueModule.forService(),
        AuthModule,
      ],
      controllers: [
        PlatformHealthController,
        CreatorsController,
        DiscoverController,
        CreatorAudienceController,
        CreatorBoundariesController,
        CreatorKnowledgeController,
        CreatorPreviewController,
        CreatorOnboardingController,
        TikTokConnectionController,
        MediaController,
        ConversationsController,
        ReportsController,
        MemoryController,
        InsightsController,
        ReplySamplesController,
        InboxController,
        FeatureFlagsController,
        EnvironmentController,
        BillingController,
        StudioMailController,
        StripeWebhookController,
        AdminController,
        DeveloperController,
      ],
      providers: [PlatformHealthService, ThrottleService, { provide: APP_PIPE, useClass: ValidationPipe }],
    };
  }
}
