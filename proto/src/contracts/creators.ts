import { z } from 'zod';
import { HANDLE_PATTERN } from '../browser';
import { emptySchema, idSchema, isoDateSchema } from './common';

export const handleSchema = z
  .string()
  .regex(HANDLE_PATTERN, 'must contain only letters, digits, _, . and -')
  .max(64);
/** A handle in a URL: leading `@` characters are allowed and stripped by the reader. */
export const handleParamSchema = z
  .string()
  .max(64)
  .regex(/^@*[\w.-]+$/, 'must contain only letters, digits, _, . and -');

export const creatorSchema = z.object({
  id: idSchema,
  userId: z.string(),
  handle: z.string(),
  nickName: z.string(),
  tiktokURL: z.string(),
  bio: z.string(),
  thumb: z.string(),
  demoAccount: z.boolean(),
  onboardingComplete: z.boolean(),
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
  userId: z.string(),
  postsVersion: z.string(),
});
export type PersonaGetReply = z.infer<typeof personaGetReplySchema>;

export const postsChangedEventSchema = z.object({ creatorId: idSchema });
