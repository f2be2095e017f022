import { z } from 'zod';

/**
 * The parts of TikTok's "Download your data" archive (JSON format, user_data.json) that
 * Backtalk reads: the profile, the follower list (its length is the follower count) and the
 * video list (posts, for the initialisation pipeline). Every entry of those parts is checked;
 * other parts (messages, activity) are ignored and never stored.
 */
const profileMapSchema = z.object({
  userName: z.string().regex(/^[\w.-]{1,64}$/, 'userName must be a TikTok user name'),
  bioDescription: z.string().max(2000).default(''),
  profilePhoto: z.string().max(2000).default(''),
  displayName: z.string().max(200).optional(),
});

const videoSchema = z.object({
  Date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Date must be YYYY-MM-DD hh:mm:ss'),
  Link: z.string().url('Link must be a URL'),
  Likes: z.union([z.string().regex(/^\d+$/), z.number().int().min(0)]).optional(),
});

const dataExportArchiveSchema = z.object({
  Profile: z.object({ 'Profile Information': z.object({ ProfileMap: profileMapSchema }) }),
  Activity: z.object({
    'Follower List': z.object({
      FansList: z
        .array(z.object({ Date: z.string(), UserName: z.string() }))
        .nullable()
        .transform((list) => list ?? []),
    }),
  }),
  Video: z
    .object({
      Videos: z.object({
        VideoList: z
          .array(videoSchema)
          .nullable()
          .transform((list) => list ?? []),
      }),
    })
    .optional(),
});

export interface DataExportProfile {
  handle: string;
  nickName: string;
  bio: string;
  avatarUrl: string;
  followerCount: number;
  videoCount: number;
}

/** Parses an archive's text, or throws a message naming the first problem and where it is. */
export function parseDataExport(text: string): DataExportProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DataExportProblem('The file is not valid JSON.');
  }
  const parsed = dataExportArchiveSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join(' › ') || 'the file';
    throw new DataExportProblem(`${where}: ${issue.message}.`);
  }
  const profile = parsed.data.Profile['Profile Information'].ProfileMap;
  return {
    handle: profile.userName.toLowerCase(),
    nickName: profile.displayName ?? profile.userName,
    bio: profile.bioDescription,
    avatarUrl: profile.profilePhoto,
    followerCount: parsed.data.Activity['Follower List'].FansList.length,
    videoCount: parsed.data.Video?.Videos.VideoList.length ?? 0,
  };
}

export class DataExportProblem extends Error {}
