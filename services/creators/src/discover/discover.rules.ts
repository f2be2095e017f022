import {
  type AgeBand,
  type AudienceMinimum,
  type DiscoveredCreator,
  meetsAudienceMinimum,
} from '@backtalk/proto';

/** Hashtags that say nothing about what a creator posts about (docs/creators.md, "Discover"). */
const GENERIC_TAGS = new Set(['fyp', 'foryou', 'foryoupage', 'fy', 'viral', 'tiktok', 'trending', 'xyzbca']);
/** Topics a card shows. */
const TOPICS_SHOWN = 5;

/** A creator as the repository reads them, before the rules decide who is shown and in what order. */
export interface DiscoverCandidate extends Omit<DiscoveredCreator, 'topics'> {
  initComplete: boolean;
  paused: boolean;
  /** The youngest fans the creator's chat is for (docs/safety.md, "Age"). */
  audienceMinimum: AudienceMinimum;
  /** Hashtags of the creator's posts, most used first. */
  tags: readonly string[];
}

/** The search text as it is matched: trimmed, spaces collapsed, a leading `#` or `@` dropped, lower case. */
export function normalizeQuery(q: string | undefined): string {
  return (q ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^[#@]+/, '')
    .toLowerCase();
}

/** A LIKE pattern that finds the text anywhere, `%`, `_` and `\` taken literally. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Whether a fan can open the creator's chat — the rule chat-inference's send and the chat page
 * apply (spec §4 "Creator gate in chat"): a demo creator, or one initialised and paid-onboarded;
 * not paused; and open to the viewer's age (a viewer of unknown age counts as 13–15, so a visitor
 * without a session finds only 13+ creators — the audience check chat-inference applies at send).
 */
export function fansCanOpen(
  candidate: DiscoverCandidate,
  onboardingComplete: boolean,
  viewer: AgeBand | undefined,
): boolean {
  if (candidate.paused) return false;
  if (!meetsAudienceMinimum(viewer, candidate.audienceMinimum)) return false;
  return candidate.demoAccount || (candidate.initComplete && onboardingComplete);
}

/**
 * How well a creator matches (lower is better), null for no match: a name or handle equal to the
 * text, then one starting with it, then a topic equal to it, then a name or handle containing it,
 * then a topic containing it. Every creator matches a blank text equally.
 */
export function matchRank(candidate: DiscoverCandidate, query: string): number | null {
  if (query === '') return 0;
  const names = [candidate.nickName.toLowerCase(), candidate.handle.toLowerCase()];
  const tags = candidate.tags.map((tag) => tag.toLowerCase());
  if (names.includes(query)) return 0;
  if (names.some((name) => name.startsWith(query))) return 1;
  if (tags.includes(query)) return 2;
  if (names.some((name) => name.includes(query))) return 3;
  if (tags.some((tag) => tag.includes(query))) return 4;
  return null;
}

/** What a card shows: the creator's most used hashtags, generic ones left out. */
export function topicsOf(tags: readonly string[]): string[] {
  return tags.filter((tag) => !GENERIC_TAGS.has(tag.toLowerCase())).slice(0, TOPICS_SHOWN);
}

/**
 * One page of `/discover`: the creators fans can open that match the text, best match first,
 * then most followers, then handle (so a page never reorders between requests).
 */
export function discoverPage(
  candidates: readonly DiscoverCandidate[],
  onboarded: ReadonlyMap<string, boolean>,
  query: string,
  page: number,
  pageSize: number,
  viewer: AgeBand | undefined,
): { creators: DiscoveredCreator[]; total: number } {
  const ranked = candidates
    .filter((candidate) => fansCanOpen(candidate, onboarded.get(candidate.id) ?? false, viewer))
    .map((candidate) => ({ candidate, rank: matchRank(candidate, query) }))
    .filter((entry): entry is { candidate: DiscoverCandidate; rank: number } => entry.rank !== null)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        b.candidate.followerCount - a.candidate.followerCount ||
        a.candidate.handle.localeCompare(b.candidate.handle),
    );
  const start = (page - 1) * pageSize;
  return {
    total: ranked.length,
    creators: ranked.slice(start, start + pageSize).map(({ candidate }) => ({
      id: candidate.id,
      handle: candidate.handle,
      nickName: candidate.nickName,
      thumb: candidate.thumb,
      verified: candidate.verified,
      demoAccount: candidate.demoAccount,
      followerCount: candidate.followerCount,
      topics: topicsOf(candidate.tags),
    })),
  };
}
