import { z } from 'zod';
import { DISCOVER_PAGE_MAX, DISCOVER_PAGE_SIZE_MAX, DISCOVER_QUERY_MAX_LENGTH } from '../discover';
import { ageBandSchema, idSchema, textSchema } from './common';

const discoverTextSchema = textSchema.max(DISCOVER_QUERY_MAX_LENGTH);

/**
 * What creators is asked: a search text (blank is everything), a page, and the viewer's age band
 * when the gateway knows it (absent: a visitor of unknown age, shown only creators open to 13+).
 */
export const discoverRequestSchema = z
  .object({
    q: discoverTextSchema.optional(),
    viewerAgeBand: ageBandSchema.optional(),
    page: z.number().int().min(1).max(DISCOVER_PAGE_MAX).optional(),
    pageSize: z.number().int().min(1).max(DISCOVER_PAGE_SIZE_MAX).optional(),
  })
  .strict();

/** The same as an HTTP query string: numbers as decimal digits. */
export const discoverQuerySchema = z
  .object({
    q: discoverTextSchema.optional(),
    page: z
      .string()
      .regex(/^[1-9]\d{0,2}$/, 'must be a page number from 1')
      .refine((page) => Number(page) <= DISCOVER_PAGE_MAX, `must be at most ${DISCOVER_PAGE_MAX}`)
      .optional(),
    pageSize: z
      .string()
      .regex(/^[1-9]\d?$/, 'must be a number from 1')
      .refine((size) => Number(size) <= DISCOVER_PAGE_SIZE_MAX, `must be at most ${DISCOVER_PAGE_SIZE_MAX}`)
      .optional(),
  })
  .strict();

/** A creator as fans find them: no user ids, only what the card shows. */
export const discoveredCreatorSchema = z.object({
  id: idSchema,
  handle: z.string(),
  nickName: z.string(),
  thumb: z.string(),
  /** Proved the profile is theirs; demo creators are labelled as demos instead. */
  verified: z.boolean(),
  demoAccount: z.boolean(),
  followerCount: z.number().int(),
  /** The hashtags the creator uses most in their posts, most used first (at most five). */
  topics: z.array(z.string()),
});
export type DiscoveredCreator = z.infer<typeof discoveredCreatorSchema>;

export const discoverReplySchema = z.object({
  creators: z.array(discoveredCreatorSchema),
  /** Creators that match across all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DiscoverReply = z.infer<typeof discoverReplySchema>;
