import { safeAvatarSource, safePostLink } from '@backtalk/kit';
import type { Creator, PersonaGetReply, Post, PostText } from '@backtalk/proto';
import type { PostEntity } from '../post/post.entity';
import type { CreatorEntity } from './creator.entity';

/** The one place creators-service entities become wire types. */
/** `onboardingComplete` is billing's fact, asked for by CreatorPayments. */
export function toCreator(entity: CreatorEntity, onboardingComplete: boolean): Creator {
  return {
    id: entity.id,
    userId: entity.userId,
    handle: entity.handle,
    nickName: entity.nickName,
    tiktokURL: entity.tiktokURL,
    bio: entity.bio,
    // Checked as served: rows stored before avatars were kept on Backtalk's own origin.
    thumb: safeAvatarSource(entity.thumb),
    demoAccount: entity.demoAccount,
    onboardingComplete,
    initComplete: entity.initComplete,
    verified: !entity.demoAccount && entity.verifiedAt !== null,
    paused: entity.pausedAt !== null,
    audienceMinimum: entity.audienceMinimum,
    createdAt: entity.createdAt.toISOString(),
  };
}

function toPost(entity: PostEntity): Post {
  return {
    id: entity.id,
    creatorId: entity.creatorId,
    awemeId: entity.awemeId,
    caption: entity.caption,
    desc: entity.desc,
    tikTokCreatedAt: entity.tikTokCreatedAt.toISOString(),
    // Checked again as served: rows stored before links were checked at ingestion.
    videoUrl: safePostLink(entity.videoUrl),
    coverUrl: entity.s3CoverPublicUrl ?? '',
  };
}

export function toPostText(entity: PostEntity, withTranscript: boolean): PostText {
  return { ...toPost(entity), transcript: withTranscript ? entity.transcript : '' };
}

export function toPersona(entity: CreatorEntity, postsVersion: string): PersonaGetReply {
  return {
    creatorId: entity.id,
    handle: entity.handle,
    nickName: entity.nickName,
    essencePrompt: entity.essencePrompt,
    creatorPrompt: entity.creatorPrompt,
    demoAccount: entity.demoAccount,
    initComplete: entity.initComplete,
    userId: entity.userId,
    postsVersion,
    audienceMinimum: entity.audienceMinimum,
  };
}
