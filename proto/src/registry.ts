import { z } from 'zod';
import { Events, type EventName, type Subject, Subjects } from './subjects';
import { healthCheckReplySchema, healthCheckRequestSchema } from './contracts/health';
import { configShowReplySchema, configShowRequestSchema } from './contracts/service-config';
import * as identity from './contracts/identity';
import * as inbox from './contracts/inbox';
import * as creators from './contracts/creators';
import * as discover from './contracts/discover';
import * as chat from './contracts/chat';
import * as flags from './contracts/feature-flags';
import * as billing from './contracts/billing';
import * as auth from './contracts/auth';
import * as mfa from './contracts/mfa';
import * as passkeys from './contracts/passkeys';
import * as oauth from './contracts/oauth';
import * as ingestion from './contracts/ingestion';
import * as retention from './contracts/retention';
import * as reports from './contracts/reports';
import * as insights from './contracts/insights';
import * as boundaries from './contracts/boundaries';
import * as studioMail from './contracts/studio-mail';
import * as knowledge from './contracts/knowledge';
import * as memory from './contracts/memory';
import * as drafts from './contracts/drafts';
import * as replySamples from './contracts/reply-samples';
import * as chatFacts from './contracts/chat-facts';

export interface Contract<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  request: Req;
  reply: Rep;
  /** A streaming reply emits many values of `reply`, then completes. */
  streaming?: boolean;
}

const health = { request: healthCheckRequestSchema, reply: healthCheckReplySchema };
const configShow = { request: configShowRequestSchema, reply: configShowReplySchema };

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
  [Subjects.IdentityConfigShow]: configShow,
  [Subjects.CreatorsConfigShow]: configShow,
  [Subjects.IngestionConfigShow]: configShow,
  [Subjects.ChatInferenceConfigShow]: configShow,
  [Subjects.BillingConfigShow]: configShow,
  [Subjects.FeatureFlagsConfigShow]: configShow,

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
  [Subjects.IdentitySessionList]: {
    request: auth.sessionListRequestSchema,
    reply: auth.sessionListReplySchema,
  },
  [Subjects.IdentitySessionRevoke]: {
    request: auth.sessionRevokeRequestSchema,
    reply: auth.sessionRevokeReplySchema,
  },
  [Subjects.IdentitySessionRevokeAll]: {
    request: auth.sessionRevokeAllRequestSchema,
    reply: auth.sessionRevokeAllReplySchema,
  },
  [Subjects.IdentitySessionCheck]: {
    request: auth.sessionCheckRequestSchema,
    reply: auth.sessionCheckReplySchema,
  },
  [Subjects.IdentityAccountSignUp]: { request: auth.signUpRequestSchema, reply: auth.authFlowReplySchema },
  [Subjects.IdentityAccountConfirmSignUp]: {
    request: auth.confirmSignUpRequestSchema,
    reply: auth.authFlowReplySchema,
  },
  [Subjects.IdentityAccountAutoSignIn]: {
    request: auth.autoSignInRequestSchema,
    reply: auth.autoSignInReplySchema,
  },
  [Subjects.IdentityAccountResendCode]: {
    request: auth.resendSignUpCodeRequestSchema,
    reply: auth.resendSignUpCodeReplySchema,
  },
  [Subjects.IdentitySignInStart]: { request: auth.signInRequestSchema, reply: auth.authFlowReplySchema },
  [Subjects.IdentitySignInRespond]: {
    request: auth.signInRespondRequestSchema,
    reply: auth.authFlowReplySchema,
  },
  [Subjects.IdentityPasswordForgot]: {
    request: auth.forgotPasswordRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityPasswordReset]: {
    request: auth.resetPasswordRequestSchema,
    reply: auth.resetPasswordReplySchema,
  },
  [Subjects.IdentityPasswordChange]: {
    request: auth.passwordChangeRequestSchema,
    reply: auth.passwordChangeReplySchema,
  },
  [Subjects.IdentityAccountDelete]: {
    request: retention.accountDeleteRequestSchema,
    reply: retention.accountDeleteReplySchema,
  },
  [Subjects.IdentityAgeSet]: { request: auth.ageSetRequestSchema, reply: auth.ageSetReplySchema },
  [Subjects.IdentityAttributeVerify]: {
    request: auth.attributeVerifyRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityAttributeConfirm]: {
    request: auth.attributeConfirmRequestSchema,
    reply: auth.attributeConfirmReplySchema,
  },
  [Subjects.IdentityProvidersGet]: {
    request: auth.authProvidersGetRequestSchema,
    reply: auth.authProvidersGetReplySchema,
  },
  [Subjects.IdentityMfaGet]: { request: mfa.mfaGetRequestSchema, reply: mfa.mfaSettingsSchema },
  [Subjects.IdentityMfaTotpStart]: {
    request: mfa.mfaTotpStartRequestSchema,
    reply: mfa.mfaTotpStartReplySchema,
  },
  [Subjects.IdentityMfaTotpConfirm]: {
    request: mfa.mfaTotpConfirmRequestSchema,
    reply: mfa.mfaSettingsSchema,
  },
  [Subjects.IdentityMfaEmailStart]: {
    request: mfa.mfaEmailStartRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityMfaEmailConfirm]: {
    request: mfa.mfaEmailConfirmRequestSchema,
    reply: mfa.mfaSettingsSchema,
  },
  [Subjects.IdentityMfaEmailCode]: {
    request: mfa.mfaEmailCodeRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityMfaSmsStart]: {
    request: mfa.mfaSmsStartRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityMfaSmsConfirm]: {
    request: mfa.mfaSmsConfirmRequestSchema,
    reply: mfa.mfaSettingsSchema,
  },
  [Subjects.IdentityMfaSmsCode]: {
    request: mfa.mfaSmsCodeRequestSchema,
    reply: auth.codeDeliveryReplySchema,
  },
  [Subjects.IdentityMfaDisable]: { request: mfa.mfaDisableRequestSchema, reply: mfa.mfaSettingsSchema },
  [Subjects.IdentityPasskeyRegisterOptions]: {
    request: passkeys.passkeyRegisterOptionsRequestSchema,
    reply: passkeys.passkeyRegisterOptionsReplySchema,
  },
  [Subjects.IdentityPasskeyRegisterVerify]: {
    request: passkeys.passkeyRegisterVerifyRequestSchema,
    reply: passkeys.passkeyRegisterVerifyReplySchema,
  },
  [Subjects.IdentityPasskeyAuthenticateOptions]: {
    request: passkeys.passkeyAuthenticateOptionsRequestSchema,
    reply: passkeys.passkeyAuthenticateOptionsReplySchema,
  },
  [Subjects.IdentityPasskeyAuthenticateVerify]: {
    request: passkeys.passkeyAuthenticateVerifyRequestSchema,
    reply: auth.authFlowReplySchema,
  },
  [Subjects.IdentityPasskeyList]: {
    request: passkeys.passkeyListRequestSchema,
    reply: passkeys.passkeyListReplySchema,
  },
  [Subjects.IdentityPasskeyDelete]: {
    request: passkeys.passkeyDeleteRequestSchema,
    reply: passkeys.passkeyDeleteReplySchema,
  },
  [Subjects.IdentityOutboxList]: { request: auth.outboxListRequestSchema, reply: auth.outboxListReplySchema },
  [Subjects.IdentityOAuthStart]: {
    request: oauth.oauthStartRequestSchema,
    reply: oauth.oauthStartReplySchema,
  },
  [Subjects.IdentityOAuthCallback]: {
    request: oauth.oauthCallbackRequestSchema,
    reply: oauth.oauthCallbackReplySchema,
  },
  [Subjects.IdentityOAuthEndSession]: {
    request: oauth.oauthEndSessionRequestSchema,
    reply: oauth.oauthEndSessionReplySchema,
  },
  [Subjects.IdentityUserMarkCreator]: {
    request: identity.userMarkCreatorRequestSchema,
    reply: identity.userMarkCreatorReplySchema,
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
  [Subjects.CreatorsCreatorFindByUser]: {
    request: creators.creatorFindByUserRequestSchema,
    reply: creators.creatorFindByUserReplySchema,
  },
  [Subjects.CreatorsCreatorFeatured]: {
    request: creators.creatorFeaturedRequestSchema,
    reply: creators.creatorFeaturedReplySchema,
  },
  [Subjects.CreatorsDiscover]: {
    request: discover.discoverRequestSchema,
    reply: discover.discoverReplySchema,
  },
  [Subjects.CreatorsPostList]: {
    request: creators.postListRequestSchema,
    reply: creators.postListReplySchema,
  },
  [Subjects.CreatorsPersonaGet]: {
    request: creators.personaGetRequestSchema,
    reply: creators.personaGetReplySchema,
  },
  [Subjects.CreatorsKnowledgeGet]: {
    request: knowledge.knowledgeGetRequestSchema,
    reply: knowledge.knowledgeReplySchema,
  },
  [Subjects.CreatorsCorrectedAnswerSave]: {
    request: knowledge.correctedAnswerSaveRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsCorrectedAnswerDelete]: {
    request: knowledge.knowledgeEntryDeleteRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsKnowledgeNoteSave]: {
    request: knowledge.knowledgeNoteSaveRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsKnowledgeNoteDelete]: {
    request: knowledge.knowledgeEntryDeleteRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsPostExclusionSet]: {
    request: knowledge.postExclusionSetRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsKnowledgeReindex]: {
    request: knowledge.knowledgeGetRequestSchema,
    reply: knowledge.knowledgeChangeReplySchema,
  },
  [Subjects.CreatorsKnowledgeSource]: {
    request: knowledge.knowledgeSourceRequestSchema,
    reply: knowledge.knowledgeSourceReplySchema,
  },
  [Subjects.CreatorsKnowledgeIndexRecord]: {
    request: knowledge.knowledgeIndexRecordRequestSchema,
    reply: knowledge.knowledgeIndexRecordReplySchema,
  },
  [Subjects.CreatorsBoundariesGet]: {
    request: boundaries.boundaryGetRequestSchema,
    reply: boundaries.boundaryListReplySchema,
  },
  [Subjects.CreatorsBoundariesSet]: {
    request: boundaries.boundarySetRequestSchema,
    reply: boundaries.boundaryListReplySchema,
  },
  [Subjects.ChatBoundaryPreview]: {
    request: boundaries.boundaryPreviewRequestSchema,
    reply: boundaries.boundaryPreviewReplySchema,
  },
  [Subjects.CreatorsDraftGet]: { request: drafts.draftGetRequestSchema, reply: drafts.personaDraftSchema },
  [Subjects.CreatorsDraftSave]: { request: drafts.draftSaveRequestSchema, reply: drafts.personaDraftSchema },
  [Subjects.CreatorsDraftPublish]: {
    request: drafts.draftPublishRequestSchema,
    reply: drafts.personaDraftSchema,
  },
  [Subjects.CreatorsDraftDiscard]: {
    request: drafts.draftDiscardRequestSchema,
    reply: drafts.personaDraftSchema,
  },
  [Subjects.ChatPersonaPreviewAsk]: {
    request: drafts.previewAskRequestSchema,
    reply: drafts.previewAskReplySchema,
  },

  [Subjects.CreatorsVerificationKeyGet]: {
    request: creators.verificationKeyGetRequestSchema,
    reply: creators.verificationKeyGetReplySchema,
  },
  [Subjects.CreatorsVerificationKeyCreate]: {
    request: creators.verificationKeyCreateRequestSchema,
    reply: creators.verificationKeyCreateReplySchema,
  },
  [Subjects.CreatorsVerificationCheck]: {
    request: creators.verificationCheckRequestSchema,
    reply: creators.verificationCheckReplySchema,
  },
  [Subjects.CreatorsPromptGet]: {
    request: creators.promptGetRequestSchema,
    reply: creators.creatorPromptSchema,
  },
  [Subjects.CreatorsPromptUpdate]: {
    request: creators.promptUpdateRequestSchema,
    reply: creators.creatorPromptSchema,
  },
  [Subjects.CreatorsDemoAccountList]: {
    request: creators.demoAccountListRequestSchema,
    reply: creators.demoAccountListReplySchema,
  },
  [Subjects.CreatorsDemoAccountPromptUpdate]: {
    request: creators.demoAccountPromptUpdateRequestSchema,
    reply: creators.demoAccountSchema,
  },
  [Subjects.CreatorsDemoAccountCreate]: {
    request: creators.demoAccountCreateRequestSchema,
    reply: creators.initStatusSchema,
  },
  [Subjects.CreatorsPromptRollback]: {
    request: creators.promptRollbackRequestSchema,
    reply: creators.creatorPromptSchema,
  },

  [Subjects.CreatorsInitStart]: {
    request: creators.initStartRequestSchema,
    reply: creators.initStatusSchema,
  },
  [Subjects.CreatorsInitStatusGet]: {
    request: creators.initStatusGetRequestSchema,
    reply: creators.initStatusSchema,
  },
  [Subjects.CreatorsInitStatusRecord]: {
    request: creators.initStatusRecordRequestSchema,
    reply: creators.initStatusRecordReplySchema,
  },
  [Subjects.CreatorsInitProfileSave]: {
    request: creators.initProfileSaveRequestSchema,
    reply: creators.initStatusRecordReplySchema,
  },
  [Subjects.CreatorsPostUpsertMany]: {
    request: creators.postUpsertManyRequestSchema,
    reply: creators.postUpsertManyReplySchema,
  },
  [Subjects.CreatorsResyncStart]: {
    request: creators.resyncStartRequestSchema,
    reply: creators.resyncStartReplySchema,
  },

  [Subjects.IngestionProfileGet]: {
    request: ingestion.profileGetRequestSchema,
    reply: ingestion.profileGetReplySchema,
  },
  [Subjects.IngestionProviderList]: {
    request: ingestion.providerListRequestSchema,
    reply: ingestion.providerListReplySchema,
  },
  [Subjects.IngestionMediaGet]: {
    request: ingestion.mediaGetRequestSchema,
    reply: ingestion.mediaGetReplySchema,
  },
  [Subjects.IngestionDataExportImport]: {
    request: ingestion.dataExportImportRequestSchema,
    reply: ingestion.dataExportImportReplySchema,
  },
  [Subjects.IngestionCreatorDataGet]: {
    request: ingestion.creatorDataGetRequestSchema,
    reply: ingestion.creatorDataGetReplySchema,
  },
  [Subjects.IngestionEssenceTest]: {
    request: ingestion.essenceTestRequestSchema,
    reply: ingestion.essenceTestReplySchema,
  },
  [Subjects.IngestionResyncRoundStart]: {
    request: ingestion.resyncRoundStartRequestSchema,
    reply: ingestion.resyncRoundReplySchema,
  },
  [Subjects.IngestionResyncRoundGet]: {
    request: ingestion.resyncRoundGetRequestSchema,
    reply: ingestion.resyncRoundReplySchema,
  },
  [Subjects.IngestionTikTokConnectStart]: {
    request: ingestion.tikTokConnectStartRequestSchema,
    reply: ingestion.tikTokConnectStartReplySchema,
  },
  [Subjects.IngestionTikTokConnectFinish]: {
    request: ingestion.tikTokConnectFinishRequestSchema,
    reply: ingestion.tikTokConnectFinishReplySchema,
  },
  [Subjects.IngestionTikTokConnectionGet]: {
    request: ingestion.tikTokConnectionGetRequestSchema,
    reply: ingestion.tikTokConnectionGetReplySchema,
  },
  [Subjects.IngestionTikTokConnectionDelete]: {
    request: ingestion.tikTokConnectionDeleteRequestSchema,
    reply: ingestion.tikTokConnectionDeleteReplySchema,
  },

  [Subjects.ChatConversationOpen]: {
    request: chat.conversationOpenRequestSchema,
    reply: chat.conversationOpenReplySchema,
  },
  [Subjects.ChatConversationList]: {
    request: chat.conversationListRequestSchema,
    reply: chat.conversationListReplySchema,
  },
  [Subjects.ChatConversationGet]: {
    request: chat.conversationGetRequestSchema,
    reply: chat.conversationGetReplySchema,
  },
  [Subjects.ChatConversationRename]: {
    request: chat.conversationRenameRequestSchema,
    reply: chat.conversationRenameReplySchema,
  },
  [Subjects.ChatConversationDelete]: {
    request: chat.conversationDeleteRequestSchema,
    reply: chat.conversationDeleteReplySchema,
  },
  [Subjects.ChatConversationRead]: {
    request: chat.conversationReadRequestSchema,
    reply: chat.conversationReadReplySchema,
  },
  [Subjects.ChatConversationSearch]: {
    request: chat.conversationSearchRequestSchema,
    reply: chat.conversationSearchReplySchema,
  },
  [Subjects.ChatMessageList]: { request: chat.messageListRequestSchema, reply: chat.messageListReplySchema },
  [Subjects.ChatMessageSend]: {
    request: chat.messageSendRequestSchema,
    reply: chat.messageSendReplySchema,
    streaming: true,
  },
  [Subjects.ChatMessageAttach]: {
    request: chat.messageAttachRequestSchema,
    reply: chat.messageSendReplySchema,
    streaming: true,
  },
  [Subjects.ChatRateLimitCheck]: {
    request: chat.rateLimitCheckRequestSchema,
    reply: chat.rateLimitCheckReplySchema,
  },
  [Subjects.ChatGuestDataTransfer]: {
    request: auth.guestDataTransferRequestSchema,
    reply: auth.guestDataTransferReplySchema,
  },

  [Subjects.ChatCreatorFunnelGet]: {
    request: chat.creatorFunnelGetRequestSchema,
    reply: chat.creatorFunnelGetReplySchema,
  },
  [Subjects.ChatReportCreate]: {
    request: reports.reportCreateRequestSchema,
    reply: reports.reportCreateReplySchema,
  },
  [Subjects.ChatReportList]: {
    request: reports.adminReportListRequestSchema,
    reply: reports.adminReportListReplySchema,
  },
  [Subjects.ChatReportAct]: { request: reports.reportActRequestSchema, reply: reports.reportActReplySchema },
  [Subjects.ChatCreatorReportList]: {
    request: reports.creatorReportListRequestSchema,
    reply: reports.creatorReportListReplySchema,
  },
  [Subjects.ChatCreatorInsightsGet]: {
    request: insights.creatorInsightsRequestSchema,
    reply: insights.creatorInsightsReplySchema,
  },
  [Subjects.ChatInsightsDigestGet]: {
    request: insights.insightsDigestRequestSchema,
    reply: insights.insightsDigestReplySchema,
  },
  [Subjects.ChatInPersonGet]: {
    request: inbox.inPersonGetRequestSchema,
    reply: inbox.inPersonGetReplySchema,
  },
  [Subjects.ChatMemoryList]: { request: memory.memoryListRequestSchema, reply: memory.memoryListReplySchema },
  [Subjects.ChatMemoryUpdate]: {
    request: memory.memoryUpdateRequestSchema,
    reply: memory.memoryUpdateReplySchema,
  },
  [Subjects.ChatMemoryDelete]: {
    request: memory.memoryDeleteRequestSchema,
    reply: memory.memoryDeleteReplySchema,
  },
  [Subjects.ChatMemoryForget]: {
    request: memory.memoryForgetRequestSchema,
    reply: memory.memoryForgetReplySchema,
  },
  [Subjects.ChatMemorySettingsSet]: {
    request: memory.memorySettingsRequestSchema,
    reply: memory.memorySettingsReplySchema,
  },
  [Subjects.ChatReplySampleList]: {
    request: replySamples.replySampleListRequestSchema,
    reply: replySamples.replySampleListReplySchema,
  },
  [Subjects.ChatReplySampleRate]: {
    request: replySamples.replySampleRateRequestSchema,
    reply: replySamples.replySampleRateReplySchema,
  },
  [Subjects.ChatReplySamplingGet]: {
    request: replySamples.replySamplingGetRequestSchema,
    reply: replySamples.replySamplingReplySchema,
  },
  [Subjects.ChatReplySamplingSet]: {
    request: replySamples.replySamplingSetRequestSchema,
    reply: replySamples.replySamplingReplySchema,
  },
  [Subjects.ChatInboxConsentSet]: {
    request: inbox.inboxConsentSetRequestSchema,
    reply: inbox.inboxConsentSetReplySchema,
  },
  [Subjects.ChatInboxList]: { request: inbox.inboxListRequestSchema, reply: inbox.inboxListReplySchema },
  [Subjects.ChatInboxThreadGet]: {
    request: inbox.inboxThreadRequestSchema,
    reply: inbox.inboxThreadReplySchema,
  },
  [Subjects.ChatInPersonReply]: {
    request: inbox.inPersonReplyRequestSchema,
    reply: inbox.inPersonReplyReplySchema,
  },
  [Subjects.ChatInPersonHandBack]: { request: inbox.handBackRequestSchema, reply: inbox.handBackReplySchema },
  [Subjects.ChatConversationWatch]: {
    request: inbox.conversationWatchRequestSchema,
    reply: inbox.conversationEventSchema,
    streaming: true,
  },
  [Subjects.CreatorsPersonaPauseSet]: {
    request: reports.personaPauseSetRequestSchema,
    reply: reports.personaPauseSetReplySchema,
  },
  [Subjects.CreatorsAudienceSet]: {
    request: creators.audienceSetRequestSchema,
    reply: creators.audienceSetReplySchema,
  },

  [Subjects.BillingSubscriptionGetActive]: {
    request: billing.subscriptionGetActiveRequestSchema,
    reply: billing.subscriptionGetActiveReplySchema,
  },
  [Subjects.BillingCreatorPaymentGet]: {
    request: billing.creatorPaymentGetRequestSchema,
    reply: billing.creatorPaymentGetReplySchema,
  },
  [Subjects.BillingOnboardingStart]: {
    request: billing.onboardingStartRequestSchema,
    reply: billing.onboardingStartReplySchema,
  },
  [Subjects.BillingOnboardingLink]: {
    request: billing.onboardingLinkRequestSchema,
    reply: billing.redirectReplySchema,
  },
  [Subjects.BillingOnboardingStatus]: {
    request: billing.onboardingStatusRequestSchema,
    reply: billing.onboardingStatusReplySchema,
  },
  [Subjects.BillingDashboardLink]: {
    request: billing.dashboardLinkRequestSchema,
    reply: billing.redirectReplySchema,
  },
  [Subjects.BillingPriceGet]: { request: billing.priceGetRequestSchema, reply: billing.priceSplitSchema },
  [Subjects.BillingPriceSet]: { request: billing.priceSetRequestSchema, reply: billing.priceSplitSchema },
  [Subjects.BillingCheckoutCreate]: {
    request: billing.checkoutCreateRequestSchema,
    reply: billing.redirectReplySchema,
  },
  [Subjects.BillingPortalCreate]: {
    request: billing.portalCreateRequestSchema,
    reply: billing.redirectReplySchema,
  },
  [Subjects.BillingSubscriptionList]: {
    request: billing.subscriptionListRequestSchema,
    reply: billing.subscriptionListReplySchema,
  },

  [Subjects.BillingEarningsGet]: {
    request: billing.earningsGetRequestSchema,
    reply: billing.earningsReplySchema,
  },

  [Subjects.BillingPriceChangeList]: {
    request: studioMail.priceChangeListRequestSchema,
    reply: studioMail.priceChangeListReplySchema,
  },
  [Subjects.BillingWeekFiguresGet]: {
    request: studioMail.digestWeekRequestSchema,
    reply: studioMail.billingWeekFiguresSchema,
  },
  [Subjects.ChatWeekFiguresGet]: {
    request: studioMail.digestWeekRequestSchema,
    reply: studioMail.chatWeekFiguresSchema,
  },
  [Subjects.IdentityMailSend]: {
    request: studioMail.mailSendRequestSchema,
    reply: studioMail.mailSendReplySchema,
  },
  [Subjects.CreatorsDigestSettingGet]: {
    request: studioMail.digestSettingGetRequestSchema,
    reply: studioMail.digestSettingSchema,
  },
  [Subjects.CreatorsDigestSettingSet]: {
    request: studioMail.digestSettingSetRequestSchema,
    reply: studioMail.digestSettingSchema,
  },
  [Subjects.CreatorsDigestUnsubscribe]: {
    request: studioMail.digestUnsubscribeRequestSchema,
    reply: studioMail.digestUnsubscribeReplySchema,
  },

  [Subjects.FeatureFlagsFlagGet]: { request: flags.flagGetRequestSchema, reply: flags.flagGetReplySchema },
  [Subjects.FeatureFlagsFlagList]: { request: flags.flagListRequestSchema, reply: flags.flagListReplySchema },
  [Subjects.FeatureFlagsFlagUpdate]: {
    request: flags.flagUpdateRequestSchema,
    reply: flags.flagUpdateReplySchema,
  },
  [Subjects.FeatureFlagsFlagCreate]: {
    request: flags.flagCreateRequestSchema,
    reply: flags.flagCreateReplySchema,
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
  [Events.ChatConversationUpdated]: inbox.conversationUpdatedEventSchema,
  [Events.ChatFactChanged]: chatFacts.chatFactChangedEventSchema,
} as const satisfies Record<EventName, z.ZodType>;
export type EventPayloadOf<E extends EventName> = z.output<(typeof eventContracts)[E]>;

export function contractFor(subject: string): Contract | undefined {
  return (contracts as Record<string, Contract>)[subject];
}
