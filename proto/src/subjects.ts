/** The seven services, by their design-card names. */
export const ServiceName = {
  Gateway: 'gateway',
  Identity: 'identity',
  Creators: 'creators',
  Ingestion: 'ingestion',
  ChatInference: 'chat-inference',
  Billing: 'billing',
  FeatureFlags: 'feature-flags',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];
export const serviceNames = Object.values(ServiceName);
/** Services reached over the transport (everything behind the gateway). */
export const backendServiceNames = serviceNames.filter((name) => name !== ServiceName.Gateway);

/**
 * NATS subjects for request/reply, `<service>.<entity>.<verb>`. Every subject
 * has a request and a reply schema in `contracts` (enforced by a test).
 */
export const Subjects = {
  IdentityHealthCheck: 'identity.health.check',
  CreatorsHealthCheck: 'creators.health.check',
  IngestionHealthCheck: 'ingestion.health.check',
  ChatInferenceHealthCheck: 'chat-inference.health.check',
  BillingHealthCheck: 'billing.health.check',
  FeatureFlagsHealthCheck: 'feature-flags.health.check',

  /** Each service's configuration, secrets masked (admins only; the developer env-vars page). */
  IdentityConfigShow: 'identity.config.show',
  CreatorsConfigShow: 'creators.config.show',
  IngestionConfigShow: 'ingestion.config.show',
  ChatInferenceConfigShow: 'chat-inference.config.show',
  BillingConfigShow: 'billing.config.show',
  FeatureFlagsConfigShow: 'feature-flags.config.show',

  IdentityJwksGet: 'identity.jwks.get',
  IdentityGuestCreate: 'identity.guest.create',
  IdentityTokenRefresh: 'identity.token.refresh',
  IdentityTokenRevoke: 'identity.token.revoke',
  IdentitySessionGet: 'identity.session.get',
  IdentitySessionList: 'identity.session.list',
  IdentitySessionRevoke: 'identity.session.revoke',
  IdentitySessionRevokeAll: 'identity.session.revoke-all',
  IdentitySessionCheck: 'identity.session.check',

  IdentityAccountSignUp: 'identity.account.sign-up',
  IdentityAccountConfirmSignUp: 'identity.account.confirm-sign-up',
  IdentityAccountResendCode: 'identity.account.resend-code',
  IdentityAccountAutoSignIn: 'identity.account.auto-sign-in',
  IdentitySignInStart: 'identity.sign-in.start',
  IdentitySignInRespond: 'identity.sign-in.respond',
  IdentityPasswordForgot: 'identity.password.forgot',
  IdentityPasswordReset: 'identity.password.reset',
  IdentityPasswordChange: 'identity.password.change',
  IdentityAccountDelete: 'identity.account.delete',
  /** The user's age, asked once before the first message (docs/safety.md, "Age"). */
  IdentityAgeSet: 'identity.age.set',
  IdentityAttributeVerify: 'identity.attribute.verify',
  IdentityAttributeConfirm: 'identity.attribute.confirm',
  IdentityProvidersGet: 'identity.providers.get',
  IdentityMfaGet: 'identity.mfa.get',
  IdentityMfaTotpStart: 'identity.mfa.totp-start',
  IdentityMfaTotpConfirm: 'identity.mfa.totp-confirm',
  IdentityMfaEmailStart: 'identity.mfa.email-start',
  IdentityMfaEmailConfirm: 'identity.mfa.email-confirm',
  IdentityMfaEmailCode: 'identity.mfa.email-code',
  IdentityMfaSmsStart: 'identity.mfa.sms-start',
  IdentityMfaSmsConfirm: 'identity.mfa.sms-confirm',
  IdentityMfaSmsCode: 'identity.mfa.sms-code',
  IdentityMfaDisable: 'identity.mfa.disable',
  IdentityPasskeyRegisterOptions: 'identity.passkey.register-options',
  IdentityPasskeyRegisterVerify: 'identity.passkey.register-verify',
  IdentityPasskeyAuthenticateOptions: 'identity.passkey.authenticate-options',
  IdentityPasskeyAuthenticateVerify: 'identity.passkey.authenticate-verify',
  IdentityPasskeyList: 'identity.passkey.list',
  IdentityPasskeyDelete: 'identity.passkey.delete',
  /** Development outbox (emails without SMTP_URL, texts without SMS_PROVIDER); the gateway serves it only to loopback clients outside production. */
  IdentityOutboxList: 'identity.outbox.list',
  /** Internal: another service emails one of identity's users (digests, price-change notices). */
  IdentityMailSend: 'identity.mail.send',
  /** OAuth / OpenID Connect sign-in: begin (authorization URL), finish (callback), provider logout URL. */
  IdentityOAuthStart: 'identity.oauth.start',
  IdentityOAuthCallback: 'identity.oauth.callback',
  IdentityOAuthEndSession: 'identity.oauth.end-session',
  /** Internal: creators marks a user as a creator once their profile is verified (spec §3 User.isCreator). */
  IdentityUserMarkCreator: 'identity.user.mark-creator',

  CreatorsCreatorList: 'creators.creator.list',
  CreatorsCreatorGet: 'creators.creator.get',
  CreatorsCreatorFindByHandle: 'creators.creator.find-by-handle',
  CreatorsCreatorFindByUser: 'creators.creator.find-by-user',
  CreatorsCreatorFeatured: 'creators.creator.featured',
  /** Fans find creators they can chat with on /discover (docs/creators.md, "Discover"). */
  CreatorsDiscover: 'creators.creator.discover',
  CreatorsPostList: 'creators.post.list',
  CreatorsPersonaGet: 'creators.persona.get',
  /** Topics the persona must not discuss (docs/safety.md, "Creator boundaries"): the creator's own user only. */
  CreatorsBoundariesGet: 'creators.boundaries.get',
  CreatorsBoundariesSet: 'creators.boundaries.set',
  CreatorsVerificationKeyGet: 'creators.verification-key.get',
  CreatorsVerificationKeyCreate: 'creators.verification-key.create',
  CreatorsVerificationCheck: 'creators.verification.check',
  CreatorsPromptGet: 'creators.prompt.get',
  CreatorsPromptUpdate: 'creators.prompt.update',
  CreatorsPromptRollback: 'creators.prompt.rollback',
  /** Admins: the demo creators with their prompts, and a demo creator's prompt edit (spec §6 Admin). */
  CreatorsDemoAccountList: 'creators.demo-account.list',
  CreatorsDemoAccountPromptUpdate: 'creators.demo-account.prompt-update',
  /** Admins: a demo creator made from a profile link, through the creators' initialisation pipeline. */
  CreatorsDemoAccountCreate: 'creators.demo-account.create',
  CreatorsInitStart: 'creators.init.start',
  CreatorsInitStatusGet: 'creators.init-status.get',
  CreatorsInitStatusRecord: 'creators.init-status.record',
  CreatorsInitProfileSave: 'creators.init.profile-save',
  CreatorsPostUpsertMany: 'creators.post.upsert-many',
  CreatorsResyncStart: 'creators.resync.start',
  /** A persona paused or resumed (the creator's own user or an admin; docs/safety.md, "Reports"). */
  CreatorsPersonaPauseSet: 'creators.persona-pause.set',
  /** The youngest fans a creator's chat is for (docs/safety.md, "Age"). */
  CreatorsAudienceSet: 'creators.audience.set',
  /** The weekly digest (docs/creators.md, "Weekly digest"): the creator's own setting, and the email's unsubscribe link. */
  CreatorsDigestSettingGet: 'creators.digest-setting.get',
  CreatorsDigestSettingSet: 'creators.digest-setting.set',
  CreatorsDigestUnsubscribe: 'creators.digest.unsubscribe',
  /** What the persona may know (docs/creators.md, "Knowledge"): the creator's own user only. */
  CreatorsKnowledgeGet: 'creators.knowledge.get',
  CreatorsCorrectedAnswerSave: 'creators.corrected-answer.save',
  CreatorsCorrectedAnswerDelete: 'creators.corrected-answer.delete',
  CreatorsKnowledgeNoteSave: 'creators.knowledge-note.save',
  CreatorsKnowledgeNoteDelete: 'creators.knowledge-note.delete',
  CreatorsPostExclusionSet: 'creators.post-exclusion.set',
  CreatorsKnowledgeReindex: 'creators.knowledge.reindex',
  /** Internal: ingestion reads answers, notes and exclusions to index, and reports its progress. */
  CreatorsKnowledgeSource: 'creators.knowledge.source',
  CreatorsKnowledgeIndexRecord: 'creators.knowledge-index.record',
  /** Prompt and boundary changes waiting to be published (docs/creators.md, "Drafts, preview and publish"). */
  CreatorsDraftGet: 'creators.draft.get',
  CreatorsDraftSave: 'creators.draft.save',
  CreatorsDraftPublish: 'creators.draft.publish',
  CreatorsDraftDiscard: 'creators.draft.discard',

  /** Internal: creators reads the live profile of a handle through the content provider port. */
  IngestionProfileGet: 'ingestion.profile.get',
  IngestionProviderList: 'ingestion.provider.list',
  IngestionDataExportImport: 'ingestion.data-export.import',
  IngestionMediaGet: 'ingestion.media.get',
  /** /dev/creator-init's 'Get User Data': a profile and its videos as the providers read them, nothing stored. */
  IngestionCreatorDataGet: 'ingestion.creator-data.get',
  /** /dev/test-essence: an essence generated from pasted content, nothing stored (admins). */
  IngestionEssenceTest: 'ingestion.essence.test',
  /** /dev/check-all-tiktok: a re-sync of every initialised creator now, and its progress (admins). */
  IngestionResyncRoundStart: 'ingestion.resync-round.start',
  IngestionResyncRoundGet: 'ingestion.resync-round.get',
  /** The caller's TikTok connection (Login Kit): start, finish (TikTok's redirect back), read, remove. */
  IngestionTikTokConnectStart: 'ingestion.tiktok-connection.start',
  IngestionTikTokConnectFinish: 'ingestion.tiktok-connection.finish',
  IngestionTikTokConnectionGet: 'ingestion.tiktok-connection.get',
  IngestionTikTokConnectionDelete: 'ingestion.tiktok-connection.delete',

  ChatConversationOpen: 'chat-inference.conversation.open',
  /** "My chats" (issue 24 item 1): the fan's own conversations only — list, one, rename, delete, read, search. */
  ChatConversationList: 'chat-inference.conversation.list',
  ChatConversationGet: 'chat-inference.conversation.get',
  ChatConversationRename: 'chat-inference.conversation.rename',
  ChatConversationDelete: 'chat-inference.conversation.delete',
  ChatConversationRead: 'chat-inference.conversation.read',
  ChatConversationSearch: 'chat-inference.conversation.search',
  ChatMessageList: 'chat-inference.message.list',
  ChatMessageSend: 'chat-inference.message.send',
  /** A reply in progress (or just ended) streamed again to another tab or device of its fan: replay, then live. */
  ChatMessageAttach: 'chat-inference.message.attach',
  /** /creator/tools: the persona's answer with boundaries as edited; nothing stored or counted (the creator only). */
  ChatBoundaryPreview: 'chat-inference.boundary-preview.run',
  /** /creator/preview: a question to the draft or the published persona; nothing stored or counted (the creator only). */
  ChatPersonaPreviewAsk: 'chat-inference.persona-preview.ask',
  ChatRateLimitCheck: 'chat-inference.rate-limit.check',
  /** Internal: identity moves a converted guest's chats to the account (the gateway never calls it). */
  ChatGuestDataTransfer: 'chat-inference.guest-data.transfer',
  /** Internal: billing asks for a creator's chat funnel figures (fans, fans who reached the free-tier limit). */
  ChatCreatorFunnelGet: 'chat-inference.creator-funnel.get',
  /** Internal: creators asks for a creator's chat figures of one digest week. */
  ChatWeekFiguresGet: 'chat-inference.week-figures.get',
  /** Reports on persona replies (docs/safety.md, "Reports"): a fan files, admins review and act, creators read anonymised. */
  ChatReportCreate: 'chat-inference.report.create',
  ChatReportList: 'chat-inference.report.list',
  ChatReportAct: 'chat-inference.report.act',
  ChatCreatorReportList: 'chat-inference.creator-report.list',
  /** Insights and video ideas (issue 23 item 1; docs/insights.md): the creator's own. */
  ChatCreatorInsightsGet: 'chat-inference.creator-insights.get',
  /** Internal: the weekly digest (creators) asks for a creator's top questions and video ideas. */
  ChatInsightsDigestGet: 'chat-inference.insights-digest.get',
  /** In-person replies (issue 23 item 5): the fan's consent, the creator's inbox, the fan's live events. */
  ChatInPersonGet: 'chat-inference.in-person.get',
  ChatInboxConsentSet: 'chat-inference.inbox-consent.set',
  ChatInboxList: 'chat-inference.inbox.list',
  ChatInboxThreadGet: 'chat-inference.inbox-thread.get',
  ChatInPersonReply: 'chat-inference.in-person.reply',
  ChatInPersonHandBack: 'chat-inference.in-person.hand-back',
  ChatConversationWatch: 'chat-inference.conversation.watch',
  /** What a persona remembers about the fan (issue 24 item 2): the fan's own, never another's. */
  ChatMemoryList: 'chat-inference.memory.list',
  ChatMemoryUpdate: 'chat-inference.memory.update',
  ChatMemoryDelete: 'chat-inference.memory.delete',
  ChatMemoryForget: 'chat-inference.memory.forget',
  ChatMemorySettingsSet: 'chat-inference.memory-settings.set',
  /** Sampled replies (issue 23 item 4): the creator's review on /creator/preview, the fan's opt-out. */
  ChatReplySampleList: 'chat-inference.reply-sample.list',
  ChatReplySampleRate: 'chat-inference.reply-sample.rate',
  ChatReplySamplingGet: 'chat-inference.reply-sampling.get',
  ChatReplySamplingSet: 'chat-inference.reply-sampling.set',

  BillingSubscriptionGetActive: 'billing.subscription.get-active',
  BillingCreatorPaymentGet: 'billing.creator-payment.get',
  BillingOnboardingStart: 'billing.onboarding.start',
  BillingOnboardingLink: 'billing.onboarding.link',
  BillingOnboardingStatus: 'billing.onboarding.status',
  BillingDashboardLink: 'billing.dashboard.link',
  BillingPriceGet: 'billing.price.get',
  BillingPriceSet: 'billing.price.set',
  BillingCheckoutCreate: 'billing.checkout.create',
  BillingPortalCreate: 'billing.portal.create',
  BillingSubscriptionList: 'billing.subscription.list',
  BillingEarningsGet: 'billing.earnings.get',
  /** The caller's own creator's price changes with their notice (docs/billing.md, "Price changes with notice"). */
  BillingPriceChangeList: 'billing.price-change.list',
  /** Internal: creators asks for a creator's subscription figures of one digest week. */
  BillingWeekFiguresGet: 'billing.week-figures.get',

  FeatureFlagsFlagGet: 'feature-flags.flag.get',
  FeatureFlagsFlagList: 'feature-flags.flag.list',
  FeatureFlagsFlagUpdate: 'feature-flags.flag.update',
  FeatureFlagsFlagCreate: 'feature-flags.flag.create',
} as const;
export type Subject = (typeof Subjects)[keyof typeof Subjects];

/** Subjects only services call each other on: no HTTP route leads to them, and the gateway may not publish them. */
export const internalSubjects: readonly Subject[] = [
  Subjects.ChatGuestDataTransfer,
  Subjects.ChatCreatorFunnelGet,
  Subjects.ChatInsightsDigestGet,
  Subjects.ChatWeekFiguresGet,
  Subjects.BillingWeekFiguresGet,
  Subjects.IdentityMailSend,
  Subjects.IdentityUserMarkCreator,
  Subjects.IngestionProfileGet,
  Subjects.CreatorsInitStatusRecord,
  Subjects.CreatorsInitProfileSave,
  Subjects.CreatorsPostUpsertMany,
  Subjects.CreatorsKnowledgeSource,
  Subjects.CreatorsKnowledgeIndexRecord,
];

export const healthSubjectFor = {
  identity: Subjects.IdentityHealthCheck,
  creators: Subjects.CreatorsHealthCheck,
  ingestion: Subjects.IngestionHealthCheck,
  'chat-inference': Subjects.ChatInferenceHealthCheck,
  billing: Subjects.BillingHealthCheck,
  'feature-flags': Subjects.FeatureFlagsHealthCheck,
} as const satisfies Record<Exclude<ServiceName, 'gateway'>, Subject>;

export const configSubjectFor = {
  identity: Subjects.IdentityConfigShow,
  creators: Subjects.CreatorsConfigShow,
  ingestion: Subjects.IngestionConfigShow,
  'chat-inference': Subjects.ChatInferenceConfigShow,
  billing: Subjects.BillingConfigShow,
  'feature-flags': Subjects.FeatureFlagsConfigShow,
} as const satisfies Record<Exclude<ServiceName, 'gateway'>, Subject>;

/** Events, past tense, published fire-and-forget: nothing may depend on one arriving. */
export const Events = {
  /**
   * A creator's posts changed: a hint for per-process copies (chat-inference's CreatorPostsCopy),
   * taken by every replica. Ingestion's indexing takes the durable
   * `ingestion.creator-posts.changed` instead (docs/architecture.md, "Post index").
   */
  CreatorsPostsChanged: 'creators.posts.changed',
  /** Unconverted guests deleted after GUEST_RETENTION_DAYS; services holding their data may drop it. */
  IdentityGuestPurged: 'identity.guest.purged',
  /** Something to show in a fan's open chat (an in-person reply); every chat-inference replica takes it. */
  ChatConversationUpdated: 'chat-inference.conversation.updated',
  /**
   * A persona, subscription or creator-payment fact changed: every chat-inference replica drops its
   * copy (its durable consumer of the owners' announcements emits it; a lost one is caught up by the
   * copies' TTL, docs/architecture.md "Facts a send reads from other services").
   */
  ChatFactChanged: 'chat-inference.fact.changed',
} as const;
export type EventName = (typeof Events)[keyof typeof Events];
