import { z } from 'zod';
import { boundarySchema } from './boundaries';
import {
  ADMIN_DEMO_URL_INVALID,
  ADMIN_DEMO_URL_MAX_LENGTH,
  ADMIN_DEMO_URL_MISSING_AT,
  AUDIENCE_MINIMUMS,
  CREATOR_INIT_LAST_STEP,
  HANDLE_PATTERN,
  handleFromTiktokProfileUrl,
} from '../browser';
import { actorSchema, emptySchema, idSchema, isoDateSchema, textSchema } from './common';

export const handleSchema = z
  .string()
  .regex(HANDLE_PATTERN, 'must contain only letters, digits, _, . and -')
  .max(64);
/** A handle in a URL: leading `@` characters are allowed and stripped by the reader. */
export const handleParamSchema = z
  .string()
  .max(64)
  .regex(/^@*[\w.-]+$/, 'must contain only letters, digits, _, . and -');

/** A creator's audience minimum: 13+ (the default), 16+ or 18+. */
export const audienceMinimumSchema = z.enum(AUDIENCE_MINIMUMS);

/** The creator sets their audience minimum on /creator/tools (the creator's own user or an admin). */
export const audienceSetBodySchema = z.object({ audienceMinimum: audienceMinimumSchema }).strict();
export const audienceSetRequestSchema = audienceSetBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema })
  .strict();
export const audienceSetReplySchema = z.object({
  creatorId: idSchema,
  audienceMinimum: audienceMinimumSchema,
});

export const creatorSchema = z.object({
  id: idSchema,
  userId: z.string(),
  handle: z.string(),
  nickName: z.string(),
  tiktokURL: z.string(),
  bio: z.string(),
  thumb: z.string(),
  demoAccount: z.boolean(),
  /** Payment onboarding finished (billing's fact). */
  onboardingComplete: z.boolean(),
  /** The creator initialisation (profile, posts, persona) finished; demo accounts always have. */
  initComplete: z.boolean(),
  /** Ownership of the profile was proven with a bio key; demo accounts are labelled as demos instead. */
  verified: z.boolean(),
  /** The creator or an admin paused the persona: its chat takes no messages (docs/safety.md). Absent: false. */
  paused: z.boolean().optional(),
  /** The youngest fans the creator's chat is for (docs/safety.md, "Age"). Absent: 13+. */
  audienceMinimum: audienceMinimumSchema.optional(),
  createdAt: isoDateSchema,
});
export type Creator = z.infer<typeof creatorSchema>;

export const postSchema = z.object({
  id: idSchema,
  creatorId: idSchema,
  awemeId: z.string(),
  caption: z.string(),
  desc: z.string(),
  tikTokCreatedAt: isoDateSchema,
  videoUrl: z.string(),
  coverUrl: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** What chat-inference needs to ground a persona: text of every post, and the prompts. */
export const postTextSchema = postSchema.extend({ transcript: z.string() });
export type PostText = z.infer<typeof postTextSchema>;

export const creatorListRequestSchema = z.object({ demoAccount: z.boolean().optional() }).strict();
/** The same filter as an HTTP query string. */
export const creatorListQuerySchema = z
  .object({ demoAccount: z.enum(['true', 'false']).optional() })
  .strict();
export const creatorListReplySchema = z.object({ creators: z.array(creatorSchema) });
export type CreatorListReply = z.infer<typeof creatorListReplySchema>;

export const creatorGetRequestSchema = z.object({ id: idSchema });
export const creatorGetReplySchema = creatorSchema;

export const creatorFindByHandleRequestSchema = z.object({ handle: handleSchema });
export const creatorFindByHandleReplySchema = creatorSchema;

/** The creator profile a user owns (one per user); CREATOR_NOT_FOUND when the user is not a creator. */
export const creatorFindByUserRequestSchema = z.object({ userId: z.string().min(1).max(128) });
export const creatorFindByUserReplySchema = creatorSchema;

export const creatorFeaturedRequestSchema = emptySchema;
export const creatorFeaturedReplySchema = creatorSchema;

export const postListRequestSchema = z.object({
  creatorId: idSchema,
  withTranscripts: z.boolean().optional(),
});
export const postListReplySchema = z.object({ posts: z.array(postTextSchema) });
export type PostListReply = z.infer<typeof postListReplySchema>;

export const personaGetRequestSchema = z.object({ creatorId: idSchema });
export const personaGetReplySchema = z.object({
  creatorId: idSchema,
  handle: z.string(),
  nickName: z.string(),
  essencePrompt: z.string(),
  creatorPrompt: z.string(),
  demoAccount: z.boolean(),
  initComplete: z.boolean(),
  userId: z.string(),
  postsVersion: z.string(),
  /** Topics the persona must not discuss, in the creator's order (docs/safety.md, "Creator boundaries"). Absent: none. */
  boundaries: z.array(boundarySchema).optional(),
  /** Checked against the fan's age band at each send (docs/safety.md, "Age"). Absent: 13+. */
  audienceMinimum: audienceMinimumSchema.optional(),
});
export type PersonaGetReply = z.infer<typeof personaGetReplySchema>;

export const postsChangedEventSchema = z.object({ creatorId: idSchema });

// --- Verification (spec §3 CreatorVerificationKey, §4 Verification page, §7) ---

/** Spec §4: the outcomes of a verification; NOT_VERIFIED_KEY_GENERATED is a key not yet checked. */
export const verificationOutcomeSchema = z.enum([
  'NOT_VERIFIED',
  'VERIFIED',
  'FOLLOWER_UNDER_2500',
  'NOT_VERIFIED_KEY_GENERATED',
]);
export type VerificationOutcome = z.infer<typeof verificationOutcomeSchema>;

/** Spec §5: the TikTok user id starts with @ (then a handle: word characters, dots and hyphens). */
export const tikTokUserIdSchema = z
  .string()
  .max(65)
  .regex(/^@/, 'TikTok user ID must start with @')
  .regex(/^@[\w.-]+$/, 'must be @ followed by letters, digits, _, . and -');

export const verificationKeySchema = z.object({
  key: z.string(),
  tikTokUserId: z.string(),
  status: verificationOutcomeSchema,
  createdAt: isoDateSchema,
});
export type VerificationKey = z.infer<typeof verificationKeySchema>;

/** The caller's own key (spec: "an existing key is shown directly"); null when they have none. */
export const verificationKeyGetRequestSchema = z.object({ actor: actorSchema }).strict();
export const verificationKeyGetReplySchema = z.object({ verificationKey: verificationKeySchema.nullable() });

/** Spec §7 createCreatorVerificationKeyFunc({tikTokUserId}) → type and key. */
export const verificationKeyCreateRequestSchema = z
  .object({ actor: actorSchema, tikTokUserId: tikTokUserIdSchema })
  .strict();
export const verificationKeyCreateReplySchema = z.object({
  type: verificationOutcomeSchema,
  key: z.string(),
  tikTokUserId: z.string(),
});

/** Spec §7 fetchTiktokProfileFunc: reads the live profile of the caller's key and answers an outcome. */
export const verificationCheckRequestSchema = z.object({ actor: actorSchema }).strict();
export const verificationCheckReplySchema = z.object({
  outcome: verificationOutcomeSchema,
  creatorId: idSchema.nullable(),
});
export type VerificationCheckReply = z.infer<typeof verificationCheckReplySchema>;

// --- Persona tools (spec §6): the creator prompt with its versions ---

/** The longest creator prompt accepted (docs/creators.md): it is sent with every chat message. */
export const CREATOR_PROMPT_MAX_LENGTH = 4000;
export const creatorPromptTextSchema = textSchema
  .max(CREATOR_PROMPT_MAX_LENGTH, `must be at most ${CREATOR_PROMPT_MAX_LENGTH} characters`)
  .refine((text) => text.trim().length > 0, 'must not be blank');

export const promptVersionSchema = z.object({
  id: idSchema,
  version: z.number().int().min(1),
  creatorPrompt: z.string(),
  editedBy: z.string(),
  createdAt: isoDateSchema,
});
export type PromptVersion = z.infer<typeof promptVersionSchema>;

export const creatorPromptSchema = z.object({
  creatorId: idSchema,
  creatorPrompt: z.string(),
  /** Newest first. */
  versions: z.array(promptVersionSchema),
});
export type CreatorPrompt = z.infer<typeof creatorPromptSchema>;

/**
 * `creatorId` omitted: the caller's own creator profile. An admin may name a demo creator
 * (spec §6); nobody may name another creator.
 */
export const promptGetRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional() })
  .strict();
export const promptUpdateRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional(), creatorPrompt: creatorPromptTextSchema })
  .strict();
export const promptRollbackRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional(), versionId: idSchema })
  .strict();

// --- Admin: demo accounts (spec §2 /admin/demo-accounts, §6 Admin) ---

/** A demo creator with the prompt an admin edits (creators owns both; only admins list them). */
export const demoAccountSchema = z.object({
  creatorId: idSchema,
  handle: z.string(),
  nickName: z.string(),
  thumb: z.string(),
  tiktokURL: z.string(),
  creatorPrompt: z.string(),
  /** How many saved versions the prompt has (0: still the seeded text). */
  promptVersions: z.number().int().min(0),
  /** When the prompt was last saved, or null if never. */
  promptUpdatedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

export const demoAccountListRequestSchema = z.object({ actor: actorSchema }).strict();
export const demoAccountListReplySchema = z.object({ demoAccounts: z.array(demoAccountSchema) });
export type DemoAccountListReply = z.infer<typeof demoAccountListReplySchema>;

/** The prompt body of the admin route (the gateway adds the actor and the creator id). */
export const demoAccountPromptBodySchema = z.object({ creatorPrompt: creatorPromptTextSchema }).strict();
export const demoAccountPromptUpdateRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema, creatorPrompt: creatorPromptTextSchema })
  .strict();

/**
 * The profile link an admin makes a demo creator from (spec §5 Admin demo: it must contain @);
 * `handleFromTiktokProfileUrl` reads the handle from it.
 */
export const tiktokProfileUrlSchema = z
  .string()
  .max(ADMIN_DEMO_URL_MAX_LENGTH, `must be at most ${ADMIN_DEMO_URL_MAX_LENGTH} characters`)
  .refine((text) => text.includes('@'), ADMIN_DEMO_URL_MISSING_AT)
  .refine((text) => !text.includes('@') || handleFromTiktokProfileUrl(text) !== null, ADMIN_DEMO_URL_INVALID);

/** Spec §7 getTiktokUserFunc with createDemoAccount: the route's body (the gateway adds the actor). */
export const demoAccountCreateBodySchema = z.object({ tiktokURL: tiktokProfileUrlSchema }).strict();
/**
 * Admins only: makes a demo creator of a profile a configured content provider knows and starts
 * its initialisation run (the creators' own pipeline); the reply is the run's first status.
 */
export const demoAccountCreateRequestSchema = z
  .object({ actor: actorSchema, tiktokURL: tiktokProfileUrlSchema })
  .strict();
// --- Initialisation (spec §3 CreatorInitStatus, §4 Creator init progress; docs/creators.md) ---

/** A run of the pipeline: `running` until its last step, `failed` (with `error`) until retried. */
export const initStateSchema = z.enum(['idle', 'running', 'failed', 'completed']);
export type InitState = z.infer<typeof initStateSchema>;

export const initStepSchema = z.number().int().min(0).max(CREATOR_INIT_LAST_STEP);

/**
 * A creator's newest init status. `step` indexes CREATOR_INIT_STATUSES and `status` is that
 * text; `idle` means no run was started yet (step 0).
 */
export const initStatusSchema = z.object({
  creatorId: idSchema,
  runId: idSchema.nullable(),
  step: initStepSchema,
  status: z.string(),
  state: initStateSchema,
  error: z.string().nullable(),
  initComplete: z.boolean(),
  updatedAt: isoDateSchema.nullable(),
});
export type InitStatus = z.infer<typeof initStatusSchema>;

/**
 * Starts (or retries after a failure) the caller's own creator initialisation; idempotent while
 * one runs. `creatorId` names another creator: allowed for its owner, and for an admin when it is
 * a demo account (the admin demo flow's Retry).
 */
export const initStartRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional() })
  .strict();

/** The caller's own init status, or (`creatorId`) a creator's for its owner or an admin. */
export const initStatusGetRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional() })
  .strict();

/** Internal (ingestion → creators): a run reached a step, or failed at it. */
export const initStatusRecordRequestSchema = z
  .object({
    creatorId: idSchema,
    runId: idSchema,
    step: initStepSchema,
    state: z.enum(['running', 'failed', 'completed']),
    error: textSchema.max(2000).optional(),
  })
  .strict();
/** `current` false: a newer run replaced this one, which must stop. */
export const initStatusRecordReplySchema = z.object({ current: z.boolean() });

/** A creator's avatar as ingestion stores it: its path on Backtalk's media route (docs/creators.md). */
export const avatarMediaPathPattern =
  /^\/api\/media\/tiktok-data\/[\w-]+\/profile\/avatar\.(jpg|png|webp|svg)$/;

/** Internal (ingestion → creators): the profile and essence the pipeline read and generated. */
export const initProfileSaveRequestSchema = z
  .object({
    creatorId: idSchema,
    runId: idSchema,
    nickName: z.string().max(200),
    bio: z.string().max(2000),
    /** The avatar ingestion stored (a media path), or '' to keep the one the creator has. */
    thumb: z.union([z.literal(''), z.string().regex(avatarMediaPathPattern)]),
    essencePrompt: textSchema.min(1).max(8000),
  })
  .strict();

/** One post as ingestion stores it through creators (keyed by creator and awemeId). */
export const postUpsertSchema = z
  .object({
    awemeId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w-]+$/),
    desc: z.string().max(5000),
    caption: z.string().max(5000),
    transcript: z.string().max(50_000),
    tikTokCreatedAt: isoDateSchema,
    videoUrl: z.string().max(2000),
    captionUrl: z.string().max(2000),
    s3Path: z.string().max(500).nullable(),
    coverS3Path: z.string().max(500).nullable(),
    s3CoverPublicUrl: z.string().max(2000).nullable(),
  })
  .strict();
export type PostUpsert = z.infer<typeof postUpsertSchema>;

/** Internal (ingestion → creators): inserts new posts and updates changed ones, never twice. */
export const postUpsertManyRequestSchema = z
  .object({ creatorId: idSchema, posts: z.array(postUpsertSchema).max(500) })
  .strict();
export const postUpsertManyReplySchema = z.object({ inserted: z.number().int(), total: z.number().int() });

/** Re-fetches one creator's new posts now (item 5): the creator themself or an admin. */
export const resyncStartRequestSchema = z
  .object({ actor: actorSchema, creatorId: idSchema.optional() })
  .strict();
export const resyncStartReplySchema = z.object({ creatorId: idSchema, runId: idSchema });
