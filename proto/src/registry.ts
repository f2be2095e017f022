import { z } from 'zod';
import { Events, type EventName, type Subject, Subjects } from './subjects';
import { healthCheckReplySchema, healthCheckRequestSchema } from './contracts/health';
import * as identity from './contracts/identity';
import * as creators from './contracts/creators';
import * as chat from './contracts/chat';
import * as flags from './contracts/feature-flags';
import * as billing from './contracts/billing';

export interface Contract<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  request: Req;
  reply: Rep;
  /** A streaming reply emits many values of `reply`, then completes. */
  streaming?: boolean;
}

const health = { request: healthCheckRequestSchema, reply: healthCheckReplySchema };

/**
 * Every request/reply subject with its schemas. `satisfies` makes a subject
 * without a contract a compile error; proto's tests check it at run time too.
 */
export const contracts = {
  [Subjects.IdentityHealthCheck]: health,
  [Subjects.CreatorsHealthCheck]: health,
  [Subjects.IngestionHealthCheck]: health,
  [Subjects.ChatInferenceHealthCheck]: health,
  [Subjects.BillingHealthCheck]: health,
  [Subjects.FeatureFlagsHealthCheck]: health,

  [Subjects.IdentityJwksGet]: { request: identity.jwksGetRequestSchema, reply: identity.jwksGetReplySchema },
  [Subjects.IdentityGuestCreate]: {
    request: identity.guestCreateRequestSchema,
    reply: identity.guestCreateReplySchema,
  },
  [Subjects.IdentityTokenRefresh]: {
    request: identity.tokenRefreshRequestSchema,
    reply: identity.tokenRefreshReplySchema,
  },
  [Subjects.IdentityTokenRevoke]: {
    request: identity.tokenRevokeRequestSchema,
    reply: identity.tokenRevokeReplySchema,
  },
  [Subjects.IdentitySessionGet]: {
    request: identity.sessionGetRequestSchema,
    reply: identity.sessionGetReplySchema,
  },

  [Subjects.CreatorsCreatorList]: {
    request: creators.creatorListRequestSchema,
    reply: creators.creatorListReplySchema,
  },
  [Subjects.CreatorsCreatorGet]: {
    request: creators.creatorGetRequestSchema,
    reply: creators.creatorGetReplySchema,
  },
  [Subjects.CreatorsCreatorFindByHandle]: {
    request: creators.creatorFindByHandleRequestSchema,
    reply: creators.creatorFindByHandleReplySchema,
  },
  [Subjects.CreatorsCreatorFeatured]: {
    request: creators.creatorFeaturedRequestSchema,
    reply: creators.creatorFeaturedReplySchema,
  },
  [Subjects.CreatorsPostList]: {
    request: creators.postListRequestSchema,
    reply: creators.postListReplySchema,
  },
  [Subjects.CreatorsPersonaGet]: {
    request: creators.personaGetRequestSchema,
    reply: creators.personaGetReplySchema,
  },

  [Subjects.ChatConversationOpen]: {
    request: chat.conversationOpenRequestSchema,
    reply: chat.conversationOpenReplySchema,
  },
  [Subjects.ChatMessageList]: { request: chat.messageListRequestSchema, reply: chat.messageListReplySchema },
  [Subjects.ChatMessageSend]: {
    request: chat.messageSendRequestSchema,
    reply: chat.messageSendReplySchema,
    streaming: true,
  },
  [Subjects.ChatRateLimitCheck]: {
    request: chat.rateLimitCheckRequestSchema,
    reply: chat.rateLimitCheckReplySchema,
  },

  [Subjects.BillingSubscriptionGetActive]: {
    request: billing.subscriptionGetActiveRequestSchema,
    reply: billing.subscriptionGetActiveReplySchema,
  },
  [Subjects.BillingCreatorPaymentGet]: {
    request: billing.creatorPaymentGetRequestSchema,
    reply: billing.creatorPaymentGetReplySchema,
  },

  [Subjects.FeatureFlagsFlagGet]: { request: flags.flagGetRequestSchema, reply: flags.flagGetReplySchema },
  [Subjects.FeatureFlagsFlagList]: { request: flags.flagListRequestSchema, reply: flags.flagListReplySchema },
  [Subjects.FeatureFlagsFlagUpdate]: {
    request: flags.flagUpdateRequestSchema,
    reply: flags.flagUpdateReplySchema,
  },
} as const satisfies Record<Subject, Contract>;

export type Contracts = typeof contracts;
/** The payload a caller sends (before defaults are applied). */
export type RequestOf<S extends Subject> = z.input<Contracts[S]['request']>;
/** The payload a handler receives (after validation and defaults). */
export type ParsedRequestOf<S extends Subject> = z.output<Contracts[S]['request']>;
export type ReplyOf<S extends Subject> = z.output<Contracts[S]['reply']>;

export const eventContracts = {
  [Events.CreatorsPostsChanged]: creators.postsChangedEventSchema,
  [Events.IdentityGuestPurged]: identity.guestPurgedEventSchema,
} as const satisfies Record<EventName, z.ZodType>;
export type EventPayloadOf<E extends EventName> = z.output<(typeof eventContracts)[E]>;

export function contractFor(subject: string): Contract | undefined {
  return (contracts as Record<string, Contract>)[subject];
}
