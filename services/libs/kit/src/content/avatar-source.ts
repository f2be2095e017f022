import { avatarMediaPathPattern } from '@backtalk/proto';

/**
 * A creator's avatar as it is stored and served (issue 21 item 18): a Backtalk media path (the
 * picture ingestion read from the provider and stored, `/api/media/tiktok-data/<creatorId>/profile/avatar.<ext>`),
 * a picture creators drew itself for a seeded demo creator (an SVG `data:` URL, which loads
 * nothing), or '' — the app's placeholder — for anything else: a provider's or anyone's URL
 * would load in every fan's browser (a tracking pixel). Checked again where creators serves it,
 * for rows stored before.
 */
export function safeAvatarSource(thumb: string): string {
  return avatarMediaPathPattern.test(thumb) || thumb.startsWith(DRAWN_AVATAR) ? thumb : '';
}

const DRAWN_AVATAR = 'data:image/svg+xml;';
