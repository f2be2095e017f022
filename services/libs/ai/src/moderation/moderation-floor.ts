import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { FLOOR_PHRASES } from './floor-phrases';
import type { ModerationCategory, ModerationRequest } from './moderation.port';

/**
 * The floor under every moderation provider (docs/safety.md, "Moderation: the port, its providers
 * and the floor"): always on, no model. It recognises crisis signals (self-harm, suicide) and sexual
 * talk involving minors from the phrase lists of `floor-phrases.ts` (English, Spanish, Portuguese),
 * profanity with the `obscenity` library, and in a reply a claim to be a human being. The lists
 * are written for recall on what a fan types; benign idioms ("dying laughing", "this song kills",
 * "killed my exam") are kept out by the table tests.
 */

/** Lower case, accents removed, digit and symbol stand-ins beside letters read as letters, spaces collapsed. */
export function normaliseForFloor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[0@4$5317]/g, (character, offset: number, whole: string) =>
      // A stand-in sits beside a letter ("k1ll"); a number stands alone ("I'm 14") or is an ordinal ("7th").
      (!/\p{L}/u.test(whole[offset - 1] ?? '') && !/\p{L}/u.test(whole[offset + 1] ?? '')) ||
      /^(?:st|nd|rd|th)\b/i.test(whole.slice(offset + 1, offset + 4))
        ? character
        : (
            { '0': 'o', '@': 'a', '4': 'a', $: 's', '5': 's', '3': 'e', '1': 'i', '7': 't' } as Record<
              string,
              string
            >
          )[character],
    )
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ');
}

/**
 * One regular expression that matches where any of `patterns` does: each list is scanned once per
 * text instead of once per phrase. The patterns must share their flags and hold no numbered
 * back-reference (a group of one would count among the others').
 */
export function anyOf(patterns: readonly RegExp[]): RegExp {
  if (patterns.length === 0) return /(?!)/;
  const flags = patterns[0]!.flags;
  for (const pattern of patterns) {
    if (pattern.flags !== flags || /[gy]/.test(pattern.flags))
      throw new Error(
        `anyOf: /${pattern.source}/${pattern.flags} does not share the flags ${flags}, or is global`,
      );
    if (/\\[1-9]/.test(pattern.source))
      throw new Error(`anyOf: /${pattern.source}/ holds a numbered back-reference`);
  }
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'), flags);
}

const crisis = anyOf(FLOOR_PHRASES.crisis);
const minorMarkers = anyOf(FLOOR_PHRASES.minorMarkers);
const sexual = anyOf(FLOOR_PHRASES.sexual);
const humanClaim = anyOf(FLOOR_PHRASES.humanClaim);

const profanityDataset = englishDataset.build();
const profanity = new RegExpMatcher({ ...profanityDataset, ...englishRecommendedTransformers });
/**
 * The same terms without the whitelist: it finds a term wherever `profanity` does, and also inside
 * whitelisted words ("assassin"). Most text holds no term at all, and this answers that without
 * the whitelist's pass over the text; only a text it finds something in is asked of `profanity`.
 */
const profanityTerms = new RegExpMatcher({
  blacklistedTerms: profanityDataset.blacklistedTerms,
  blacklistMatcherTransformers: englishRecommendedTransformers.blacklistMatcherTransformers,
});

/** Whether obscenity's English dataset finds profanity in `text` (its whitelist applied). */
export function hasProfanity(text: string): boolean {
  return profanityTerms.hasMatch(text) && profanity.hasMatch(text);
}

export interface FloorVerdict {
  categories: ModerationCategory[];
}

/** What the floor finds in a text, whatever the provider says. */
export function moderationFloor(
  request: Pick<ModerationRequest, 'text'> & Partial<Pick<ModerationRequest, 'direction'>>,
): FloorVerdict {
  const text = normaliseForFloor(request.text);
  const categories: ModerationCategory[] = [];
  if (crisis.test(text)) categories.push('self-harm');
  if (minorMarkers.test(text) && sexual.test(text)) categories.push('sexual/minors');
  if (hasProfanity(request.text)) categories.push('profanity');
  if (request.direction === 'persona-reply' && humanClaim.test(text)) categories.push('impersonation');
  return { categories };
}
