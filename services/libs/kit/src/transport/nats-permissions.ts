import {
  type DurableSubject,
  DurableSubjects,
  Events,
  type EventName,
  ServiceName,
  type Subject,
  Subjects,
  internalSubjects,
  accountDeletedSubjects,
  durableOwner,
  serviceNames,
} from '@backtalk/proto';
import { durableConsumerName, durableStreamConfig } from './durable-jetstream';
import { ConfigError } from '../config/load-config';
import type { BaseConfig } from '../config/service-config';

/**
 * What each service may do on NATS (docs/security.md, 7.13). Services take the
 * acting user from the message, so a client that could publish to any subject
 * could act as anyone: each service gets its own NATS user, allowed to serve
 * only its own subjects and to call only the subjects listed here.
 * Add a subject here when a service starts calling it, then run
 * `node services/libs/kit/scripts/generate-nats-authorization.js`.
 */
export interface ServiceNatsAccess {
  /** Request subjects of other services this one calls. */
  calls: readonly Subject[];
  /** Events this service publishes (its own, `<service>.…`). */
  emits: readonly EventName[];
  /** Events of other services this one subscribes to. */
  listens: readonly EventName[];
  /** Durable subjects this service publishes to JetStream (docs/architecture.md, "Durable work"). */
  enqueues?: readonly DurableSubject[];
  /** Durable subjects this service consumes (its own, `<service>.…`). */
  consumes?: readonly DurableSubject[];
}

export const natsAccess: Record<ServiceName, ServiceNatsAccess> = {
  // The gateway fronts every public subject (not those only services call each other on).
  [ServiceName.Gateway]: {
    calls: Object.values(Subjects).filter((subject) => !internalSubjects.includes(subject)),
    emits: [],
    listens: [],
    // Verified Stripe webhooks, handed to billing durably.
    enqueues: [DurableSubjects.BillingStripeEventReceived],
  },
  // A guest that signs up or signs in hands its chats to the account.
  [ServiceName.Identity]: {
    calls: [Subjects.ChatGuestDataTransfer],
    emits: [Events.IdentityGuestPurged],
    listens: [],
    // A deleted account, announced to every service holding the user's data (docs/retention.md).
    // Forgot password and resend answer first and email after (docs/security.md, enumeration).
    enqueues: [...accountDeletedSubjects, DurableSubjects.IdentityCodeEmailRequested],
    consumes: [DurableSubjects.IdentityCodeEmailRequested],
  },
  [ServiceName.Creators]: {
    // Verification reads the live profile and marks the user a creator.
    calls: [
      Subjects.BillingCreatorPaymentGet,
      Subjects.IngestionProfileGet,
      Subjects.IdentityUserMarkCreator,
      // The weekly digest is composed from billing's and chat-inference's figures and sent through identity.
      Subjects.BillingWeekFiguresGet,
      Subjects.ChatWeekFiguresGet,
      Subjects.ChatInsightsDigestGet,
      Subjects.IdentityMailSend,
    ],
    emits: [Events.CreatorsPostsChanged],
    listens: [],
    // Creator initialisation runs and on-demand re-syncs, and changed posts for the post index,
    // handed to ingestion durably.
    enqueues: [
      DurableSubjects.IngestionCreatorInitRequested,
      DurableSubjects.IngestionCreatorResyncRequested,
      DurableSubjects.IngestionCreatorPostsChanged,
      // Corrected answers, notes or exclusions changed: ingestion re-indexes (docs/creators.md, "Knowledge").
      DurableSubjects.IngestionCreatorKnowledgeChanged,
      // A persona paused or resumed, for chat-inference's read copy (docs/safety.md, "Reports").
      DurableSubjects.ChatInferencePersonaPauseChanged,
      // A deleted creator's record is gone: chat-inference erases the reports about it.
      DurableSubjects.ChatInferenceCreatorErased,
      // A persona's reply changed: chat-inference's replicas drop their copies (docs/architecture.md).
      DurableSubjects.ChatInferencePersonaChanged,
      // The weekly digest's job queues one digest per creator and week for its own consumer.
      DurableSubjects.CreatorsWeeklyDigestRequested,
    ],
    consumes: [DurableSubjects.CreatorsAccountDeleted, DurableSubjects.CreatorsWeeklyDigestRequested],
  },
  [ServiceName.Ingestion]: {
    calls: [
      Subjects.CreatorsCreatorList,
      Subjects.CreatorsPostList,
      // The initialisation pipeline reports its steps and stores what it made through creators.
      Subjects.CreatorsInitStatusRecord,
      Subjects.CreatorsInitProfileSave,
      Subjects.CreatorsPostUpsertMany,
      // What the persona may know besides its posts, and how far re-indexing got (docs/creators.md, "Knowledge").
      Subjects.CreatorsKnowledgeSource,
      Subjects.CreatorsKnowledgeIndexRecord,
    ],
    emits: [],
    listens: [],
    // The scheduled re-sync publishes to its own queue.
    enqueues: [DurableSubjects.IngestionCreatorResyncRequested],
    consumes: [
      DurableSubjects.IngestionCreatorInitRequested,
      DurableSubjects.IngestionCreatorResyncRequested,
      // The post index follows creators' posts (docs/architecture.md, "Post index").
      DurableSubjects.IngestionCreatorPostsChanged,
      DurableSubjects.IngestionCreatorKnowledgeChanged,
      // A deleted account's TikTok connection is erased at once (docs/retention.md).
      DurableSubjects.IngestionAccountDeleted,
    ],
  },
  [ServiceName.ChatInference]: {
    calls: [
      Subjects.CreatorsPersonaGet,
      // /creator/preview answers from the caller's own draft (creators decides whose it is).
      Subjects.CreatorsDraftGet,
      // Only in a cluster without Qdrant, for its own copy of the posts (CreatorPostsCopy).
      Subjects.CreatorsPostList,
      Subjects.BillingSubscriptionGetActive,
      Subjects.BillingCreatorPaymentGet,
      Subjects.FeatureFlagsFlagGet,
      // An admin's report action pauses the persona, a fact creators owns.
      Subjects.CreatorsPersonaPauseSet,
      // A fan whose chat is not open is emailed about an in-person reply (docs/architecture.md, "Inbox").
      Subjects.IdentityMailSend,
    ],
    // An in-person reply, for the replica holding the fan's open chat (every replica listens: own subjects).
    // A changed persona/subscription/payment fact, for every replica's copies (own subject too).
    emits: [Events.ChatConversationUpdated, Events.ChatFactChanged],
    // Each replica's own copy of creators' posts follows their changes (CreatorPostsCopy).
    listens: [Events.CreatorsPostsChanged],
    // What to remember of a fan's turn is asked after the reply, by its own durable consumer.
    // A stored fan question is grouped into the creator's topics by its own durable consumer (insights).
    enqueues: [DurableSubjects.ChatInferenceMemoryTurnSent, DurableSubjects.ChatInferenceFanQuestionRecorded],
    consumes: [
      DurableSubjects.ChatInferenceAccountDeleted,
      DurableSubjects.ChatInferenceMemoryTurnSent,
      DurableSubjects.ChatInferencePersonaPauseChanged,
      DurableSubjects.ChatInferenceCreatorErased,
      DurableSubjects.ChatInferenceFanQuestionRecorded,
      // The owners' announcements of the facts a send reads (docs/architecture.md).
      DurableSubjects.ChatInferencePersonaChanged,
      DurableSubjects.ChatInferenceSubscriptionChanged,
      DurableSubjects.ChatInferenceCreatorPaymentChanged,
    ],
  },
  [ServiceName.Billing]: {
    // The caller's own creator profile (payments pages) and the creator a fan subscribes to.
    // The earnings page's funnel: the chat figures are chat-inference's.
    // A price change's notice is emailed through identity (docs/billing.md, "Price changes with notice").
    calls: [
      Subjects.CreatorsCreatorFindByUser,
      Subjects.CreatorsCreatorGet,
      Subjects.ChatCreatorFunnelGet,
      Subjects.IdentityMailSend,
    ],
    emits: [],
    listens: [],
    // A price change is announced to its subscribers by billing's own durable consumer.
    // Subscriptions and payment onboarding changed: chat-inference's replicas drop their copies.
    enqueues: [
      DurableSubjects.BillingPriceChangeAnnounced,
      DurableSubjects.ChatInferenceSubscriptionChanged,
      DurableSubjects.ChatInferenceCreatorPaymentChanged,
    ],
    consumes: [
      DurableSubjects.BillingStripeEventReceived,
      DurableSubjects.BillingAccountDeleted,
      DurableSubjects.BillingPriceChangeAnnounced,
    ],
  },
  [ServiceName.FeatureFlags]: { calls: [], emits: [], listens: [] },
};

/**
 * Replies go to inboxes under the caller's own name, so a service may read only
 * the replies to its own requests (with a shared `_INBOX.>` any service could
 * read the tokens identity sends the gateway).
 */
export function natsInboxPrefix(service: string): string {
  return `_INBOX.${service}`;
}

/**
 * A responder may publish to the reply subject of a request it received, and
 * nowhere else in `_INBOX`. Streamed chat replies send one message per
 * fragment, so the number of responses per request is not capped at one; the
 * permission lapses with the longest stream.
 */
const RESPONSES = { max: 1_000_000, expires: '10m' } as const;

export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  allow_responses: typeof RESPONSES;
}

export function natsPermissionsFor(service: ServiceName, subjectPrefix = ''): NatsPermissions {
  const access = natsAccess[service];
  const own = service === ServiceName.Gateway ? [] : [`${subjectPrefix}${service}.>`];
  return {
    publish: {
      allow: [
        ...[...access.calls, ...access.emits].map((subject) => `${subjectPrefix}${subject}`),
        ...durablePublishPermissions(access, subjectPrefix),
      ],
    },
    subscribe: {
      allow: [
        ...own,
        ...access.listens.map((event) => `${subjectPrefix}${event}`),
        `${natsInboxPrefix(service)}.>`,
      ],
    },
    allow_responses: RESPONSES,
  };
}

/**
 * JetStream for durable work: a publisher may store its subjects and create (or
 * extend) the consumer's stream; a consumer may also create its durable
 * consumer, pull from it and ack. The JetStream API is named by stream, whose
 * name carries the subject prefix, so each environment's grants are its own.
 */
function durablePublishPermissions(access: ServiceNatsAccess, subjectPrefix: string): string[] {
  const streamApi = (subject: DurableSubject): string[] => {
    const stream = durableStreamConfig(durableOwner(subject), subjectPrefix).name;
    return ['INFO', 'CREATE', 'UPDATE'].map((verb) => `$JS.API.STREAM.${verb}.${stream}`);
  };
  const publishes = (access.enqueues ?? []).flatMap((subject) => [
    `${subjectPrefix}${subject}`,
    ...streamApi(subject),
  ]);
  const consumes = (access.consumes ?? []).flatMap((subject) => {
    const stream = durableStreamConfig(durableOwner(subject), subjectPrefix).name;
    const consumer = durableConsumerName(subject);
    return [
      ...streamApi(subject),
      `$JS.API.CONSUMER.INFO.${stream}.${consumer}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${consumer}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${consumer}.>`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${consumer}`,
      `$JS.API.CONSUMER.UPDATE.${stream}.${consumer}`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer}`,
      `$JS.ACK.${stream}.${consumer}.>`,
    ];
  });
  return [...new Set([...publishes, ...consumes])];
}

/** The environment variable the NATS server reads a service's password from. */
export function natsPasswordVariable(service: ServiceName): string {
  return `NATS_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * The NATS server's `authorization` block: one user per service, named after
 * it. Passwords are `$NATS_PASSWORD_<SERVICE>` variable references (the server
 * resolves them from its environment, so the file holds no secret) unless
 * literal passwords are given (tests).
 */
export function natsAuthorizationConfig(
  options: { subjectPrefix?: string; passwords?: Partial<Record<ServiceName, string>> } = {},
): string {
  const users = serviceNames.map((service) => {
    const password = options.passwords?.[service];
    const permissions = natsPermissionsFor(service, options.subjectPrefix);
    return [
      '    {',
      `      user: ${JSON.stringify(service)}`,
      `      password: ${password === undefined ? `$${natsPasswordVariable(service)}` : JSON.stringify(password)}`,
      `      permissions: ${JSON.stringify(permissions, null, 2).replace(/\n/g, '\n      ')}`,
      '    }',
    ].join('\n');
  });
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/** The connection options that authenticate this service, if it has credentials. */
export function natsCredentials(config: BaseConfig): { user?: string; pass?: string } {
  if (config.NATS_USER === undefined && config.NATS_PASSWORD === undefined) return {};
  if (config.NATS_USER === undefined || config.NATS_PASSWORD === undefined) {
    const missing = config.NATS_USER === undefined ? 'NATS_USER' : 'NATS_PASSWORD';
    const other = missing === 'NATS_USER' ? 'NATS_PASSWORD' : 'NATS_USER';
    throw new ConfigError([{ variable: missing, message: `is required when ${other} is set` }]);
  }
  return { user: config.NATS_USER, pass: config.NATS_PASSWORD };
}

/** The committed copies of the authorization block, by path from the repository root. */
export function natsAuthorizationFiles(): Record<string, string> {
  const text = [
    '# Generated by services/libs/kit/scripts/generate-nats-authorization.js from',
    '# services/libs/kit/src/transport/nats-permissions.ts; do not edit. Passwords are read',
    '# from the NATS server environment (NATS_PASSWORD_<SERVICE>); see docs/security.md, 7.13.',
    natsAuthorizationConfig(),
  ].join('\n');
  return {
    'deploy/nats/authorization.conf': text,
    'charts/backtalk/files/nats-authorization.conf': text,
  };
}
