import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc, type ZodDto } from 'nestjs-zod';
import { z } from 'zod';
import * as adminDtos from '../admin/admin.dto';
import * as accountDeletionDtos from '../auth/dto/account-deletion.dto';
import * as authDtos from '../auth/dto/auth.dto';
import * as mfaDtos from '../auth/dto/mfa.dto';
import * as oauthDtos from '../auth/dto/oauth.dto';
import * as passkeyDtos from '../auth/dto/passkeys.dto';
import * as billingDtos from '../billing/billing.dto';
import * as chatDtos from '../chat/dto/chat.dto';
import * as creatorBoundaryDtos from '../creators/creator-boundaries.dto';
import * as creatorKnowledgeDtos from '../knowledge/creator-knowledge.dto';
import * as creatorOnboardingDtos from '../creators/creator-onboarding.dto';
import * as creatorPreviewDtos from '../creators/creator-preview.dto';
import * as creatorDtos from '../creators/creators.dto';
import * as developerDtos from '../developer/developer.dto';
import * as discoverDtos from '../discover/discover.dto';
import * as environmentDtos from '../environment/environment.dto';
import * as featureFlagDtos from '../feature-flags/feature-flags.dto';
import * as inboxDtos from '../inbox/inbox.dto';
import * as reportDtos from '../reports/reports.dto';
import * as memoryDtos from '../memory/memory.dto';
import * as insightDtos from '../insights/insights.dto';
import * as replySampleDtos from '../reply-samples/reply-samples.dto';
import * as stripeWebhookDtos from '../stripe/stripe-webhook.dto';
import * as studioMailDtos from '../studio-mail/studio-mail.dto';

/** Every zod DTO of the API, by class name (the name Swagger gives its schema). Add a new DTO module here. */
const dtos = {
  ...adminDtos,
  ...accountDeletionDtos,
  ...authDtos,
  ...mfaDtos,
  ...oauthDtos,
  ...passkeyDtos,
  ...billingDtos,
  ...chatDtos,
  ...creatorDtos,
  ...creatorBoundaryDtos,
  ...creatorKnowledgeDtos,
  ...creatorOnboardingDtos,
  ...creatorPreviewDtos,
  ...developerDtos,
  ...discoverDtos,
  ...environmentDtos,
  ...featureFlagDtos,
  ...inboxDtos,
  ...reportDtos,
  ...memoryDtos,
  ...insightDtos,
  ...replySampleDtos,
  ...stripeWebhookDtos,
  ...studioMailDtos,
} as Record<string, ZodDto>;

/** The API document, generated from the controllers and their zod DTOs. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Backtalk API')
    .setDescription(
      'The gateway API of Backtalk. Errors are `{ code, message }` with the HTTP status of the code. ' +
        'Sending a chat message answers with Server-Sent Events: `fragment` `{ text, id: "<messageId>#<seq>", stopReason? }`, ' +
        '`citations` `{ messageId, citations }` and `error` `{ code, message }`.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  // Swagger's property scan turns nullable fields into arrays; zod renders its own schemas correctly.
  for (const name of Object.keys(document.components?.schemas ?? {})) {
    const dto = dtos[name];
    if (!dto) throw new Error(`${name} is not among the zod DTOs of openapi.ts: add its module to \`dtos\``);
    document.components!.schemas![name] = z.toJSONSchema(dto.schema as z.ZodType, {
      target: 'openapi-3.0',
      io: name.endsWith('Response') ? 'output' : 'input',
    }) as never;
  }
  return document;
}

/** Stable JSON for the committed copy: sorted keys, so a diff shows only real changes. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, sort(inner)]),
      );
    }
    return value;
  };
  return `${JSON.stringify(sort(document), null, 2)}\n`;
}
