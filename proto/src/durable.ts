import type { z } from 'zod';
import { stripeEventSchema } from './contracts/stripe-webhook';
import { creatorIngestRequestedSchema } from './contracts/ingestion';
import { accountDeletedPayloadSchema } from './contracts/retention';
import { codeEmailRequestedSchema } from './contracts/auth';
import { postsChangedEventSchema } from './contracts/creators';
import { knowledgeChangedEventSchema } from './contracts/knowledge';
import { memoryTurnSentSchema } from './contracts/memory';
import { creatorErasedSchema, personaPauseChangedSchema } from './contracts/reports';
import { fanQuestionRecordedSchema } from './contracts/insights';
import {
  creatorPaymentChangedSchema,
  personaChangedSchema,
  subscriptionChangedSchema,
} from './contracts/chat-facts';
import { priceChangeAnnouncedSchema, weeklyDigestRequestedSchema } from './contracts/studio-mail';

/**
 * Durable work (DESIGN "Communication"): messages that must survive restarts,
 * published to a JetStream stream of the consuming service and taken by its
 * durable consumer with explicit acks and redelivery (in standalone mode, a
 * table in that service's schema). Named `<consuming service>.<entity>.<verb>`;
 * every subject has a payload schema in `durableContracts`. A subject here is
 * never a request/reply subject: nothing answers it but the stream.
 */
export const DurableSubjects = {
  /** A Stripe webhook event whose signature the gateway verified; billing applies it once. */
  BillingStripeEventReceived: 'billing.stripe-event.received',
  /** A creator initialisation run (creators publishes it); ingestion walks the 13 statuses once. */
  IngestionCreatorInitRequested: 'ingestion.creator-init.requested',
  /** A re-sync of one creator's new posts (scheduled or on demand). */
  IngestionCreatorResyncRequested: 'ingestion.creator-resync.requested',
  /**
   * A creator's posts changed (creators publishes it, deduplicated by creator and posts
   * version); ingestion brings the post index and its embeddings up to date, and a failed
   * run is redelivered.
   */
  IngestionCreatorPostsChanged: 'ingestion.creator-posts.changed',
  /** A creator's corrected answers, notes or post exclusions changed; ingestion re-indexes them. */
  IngestionCreatorKnowledgeChanged: 'ingestion.creator-knowledge.changed',
  /** Identity deleted an account: each service erases that user's data (docs/retention.md). */
  ChatInferenceAccountDeleted: 'chat-inference.account.deleted',
  /** Creators paused or resumed a persona; chat-inference keeps the read copy its sends check. */
  ChatInferencePersonaPauseChanged: 'chat-inference.persona-pause.changed',
  /** Creators erased a deleted creator's record; chat-inference erases the reports about it and its pause. */
  ChatInferenceCreatorErased: 'chat-inference.creator.erased',
  /** A fan's turn was sent; chat-inference asks the chat model what to remember of it (issue 24 item 2). */
  ChatInferenceMemoryTurnSent: 'chat-inference.memory-turn.sent',
  /** A fan question was stored; chat-inference groups the creator's new questions into topics (docs/insights.md). */
  ChatInferenceFanQuestionRecorded: 'chat-inference.fan-question.recorded',
  /**
   * Something in the persona reply chat-inference reads at each send changed (creators publishes it
   * after the change is stored); every replica drops its copy (docs/architecture.md, "Facts a send
   * reads from other services").
   */
  ChatInferencePersonaChanged: 'chat-inference.persona.changed',
  /** A fan's subscription to a creator may have started or ended (billing); every replica drops its copy. */
  ChatInferenceSubscriptionChanged: 'chat-inference.subscription.changed',
  /** A creator's payment onboarding changed (billing); every replica drops its copy. */
  ChatInferenceCreatorPaymentChanged: 'chat-inference.creator-payment.changed',
  CreatorsAccountDeleted: 'creators.account.deleted',
  BillingAccountDeleted: 'billing.account.deleted',
  IngestionAccountDeleted: 'ingestion.account.deleted',
  /** Forgot password or a sign-up code resend was answered; identity sends the email that is due. */
  IdentityCodeEmailRequested: 'identity.code-email.requested',
  /** A creator changed their price: billing emails existing subscribers and schedules their move (30 days' notice). */
  BillingPriceChangeAnnounced: 'billing.price-change.announced',
  /** One creator's weekly digest for one week; creators composes it and identity sends it once. */
  CreatorsWeeklyDigestRequested: 'creators.weekly-digest.requested',
} as const;
export type DurableSubject = (typeof DurableSubjects)[keyof typeof DurableSubjects];

export const durableContracts = {
  [DurableSubjects.BillingStripeEventReceived]: stripeEventSchema,
  [DurableSubjects.IngestionCreatorInitRequested]: creatorIngestRequestedSchema,
  [DurableSubjects.IngestionCreatorResyncRequested]: creatorIngestRequestedSchema,
  [DurableSubjects.IngestionCreatorPostsChanged]: postsChangedEventSchema,
  [DurableSubjects.IngestionCreatorKnowledgeChanged]: knowledgeChangedEventSchema,
  [DurableSubjects.ChatInferenceAccountDeleted]: accountDeletedPayloadSchema,
  [DurableSubjects.ChatInferencePersonaPauseChanged]: personaPauseChangedSchema,
  [DurableSubjects.ChatInferenceCreatorErased]: creatorErasedSchema,
  [DurableSubjects.ChatInferenceMemoryTurnSent]: memoryTurnSentSchema,
  [DurableSubjects.ChatInferenceFanQuestionRecorded]: fanQuestionRecordedSchema,
  [DurableSubjects.ChatInferencePersonaChanged]: personaChangedSchema,
  [DurableSubjects.ChatInferenceSubscriptionChanged]: subscriptionChangedSchema,
  [DurableSubjects.ChatInferenceCreatorPaymentChanged]: creatorPaymentChangedSchema,
  [DurableSubjects.CreatorsAccountDeleted]: accountDeletedPayloadSchema,
  [DurableSubjects.BillingAccountDeleted]: accountDeletedPayloadSchema,
  [DurableSubjects.IngestionAccountDeleted]: accountDeletedPayloadSchema,
  [DurableSubjects.IdentityCodeEmailRequested]: codeEmailRequestedSchema,
  [DurableSubjects.BillingPriceChangeAnnounced]: priceChangeAnnouncedSchema,
  [DurableSubjects.CreatorsWeeklyDigestRequested]: weeklyDigestRequestedSchema,
} as const satisfies Record<DurableSubject, z.ZodType>;
export type DurablePayloadOf<S extends DurableSubject> = z.output<(typeof durableContracts)[S]>;

/** Every service that holds a user's data and erases it when the account is deleted. */
export const accountDeletedSubjects = [
  DurableSubjects.ChatInferenceAccountDeleted,
  DurableSubjects.CreatorsAccountDeleted,
  DurableSubjects.BillingAccountDeleted,
  DurableSubjects.IngestionAccountDeleted,
] as const;

/** The service whose durable consumer takes a subject: its first token. */
export function durableOwner(subject: DurableSubject): string {
  return subject.split('.')[0] ?? subject;
}
