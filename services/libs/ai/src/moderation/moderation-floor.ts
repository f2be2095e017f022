import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type { ModerationCategory, ModerationRequest } from './moderation.port';

/**
 * The floor under every moderation provider (docs/safety.md, "The floor"): always on, no model.
 * It recognises crisis signals (self-harm, suicide) and sexual talk involving minors from phrase
 * lists in the languages the persona answers in (English, Spanish, Portuguese), and profanity
 * with the `obscenity` library; in a reply, a claim to be a human being. The lists are written for recall on what a fan types; benign
 * idioms ("dying laughing", "this song kills", "killed my exam") are kept out by the table tests.
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

const SELF = String.raw`(?:my ?self|me)`;

/** Self-harm and suicide, English, Spanish, Portuguese (normalised text). */
const CRISIS_PATTERNS: readonly RegExp[] = [
  // English
  new RegExp(String.raw`\b(?:kill|hang|hurt|harm|cut|cutting|burn(?:ed|t)?|starv(?:e|ing)) ${SELF}\b`),
  new RegExp(String.raw`\b(?:cutting|burning|hurting|harming) ${SELF}\b`),
  /\bself[- ]?harm/,
  /\bsuicid(?:e|al)\b/,
  /\bend (?:it all|my life|everything)\b/,
  /\b(?:want|wanna|going|gonna|ready) to (?:die|be dead)\b/,
  /\bdon'?t want to (?:be alive|live|exist)\b/,
  /\b(?:no|don'?t see a|don'?t have a|not one) reason to (?:keep )?liv(?:e|ing)\b/,
  /\bdone with (?:life|living|everything)\b/,
  /\bjust want (?:it|the pain|everything|it all) to stop\b/,
  /\b(?:life is|my life is) (?:pointless|meaningless|not worth)\b/,
  /\bbetter off (?:if i (?:was|were) dead|without me|dead)\b/,
  /\bif i (?:was|were) dead\b/,
  /\b(?:painless|easiest|quickest|best) (?:way|method)s? to die\b/,
  /\bhow many (?:pills|tablets)\b/,
  /\bnot wake up\b/,
  /\b(?:goodbye|suicide) (?:note|letter)\b/,
  /\bjump(?:ing)? off (?:the|a) (?:bridge|roof|building|cliff)\b/,
  /\bdisappear(?:ed)? (?:forever|for good)\b/,
  /\bwhole bottle of\b/,
  // Spanish
  /\bsuicid(?:io|arme|arse|a)\b/,
  /\b(?:matarme|quitarme la vida)\b/,
  /\b(?:me quiero morir|quiero morir(?:me)?)\b/,
  /\bya no quiero vivir\b/,
  /\b(?:me corto|me hago dano|hacerme dano)\b/,
  /\b(?:forma|manera) .{0,30}de morir\b/,
  /\bcarta de despedida\b/,
  /\bdesaparecer para siempre\b/,
  /\bmejor si (?:yo )?me muriera\b/,
  /\bpara no despertar\b/,
  // Portuguese
  /\b(?:me matar|tirar (?:a )?minha (?:propria )?vida)\b/,
  /\bnao quero mais viver\b/,
  /\b(?:eu me corto|me cortar|me machuco)\b/,
  /\bjeito .{0,30}de morrer\b/,
  /\bquero morrer\b/,
  /\bacabar com tudo\b/,
  /\bpular da ponte\b/,
  /\bpara nao acordar\b/,
];

/** Someone under 18 named in the text: a stated age, a school year, a word for a child. */
const MINOR_PATTERNS: readonly RegExp[] = [
  /\b(?:i'?m|i am|im) (?:only )?(?:1[0-7]|[5-9])\b(?! ?(?:%|percent|min|minutes|hours|km|miles|kg|lbs))/,
  /\b(?:1[0-7]|[5-9])[- ]?(?:years?[- ]?old|yo|y\/o)\b/,
  /\b(?:middle school(?:er)?|elementary school|[5-9]th grade|underage|under ?age|a minor|a kid|a child|little (?:sister|brother)|preteen)\b/,
  /\b(?:tengo|tenho) (?:1[0-7]|[5-9]) (?:anos)\b/,
  /\b(?:tengo|tenho) (?:1[0-7]|[5-9])\b/,
  /\bmenor de (?:edad|idade)\b/,
];

/** Sexual or romantic talk. */
const SEXUAL_PATTERNS: readonly RegExp[] = [
  /\b(?:sex\w*|nude\w*|naked|horny|flirt\w*|kiss\w*|girlfriend|boyfriend|make out|naughty|spicy|in bed|turn(?:ed)? on|romantic|relationship|crush|date (?:you|me))\b/,
  /\b(?:hot|sexy)\b/,
  /\b(?:novi[oa]|coquete\w*|besar\w*|desnud\w*|caliente)\b/,
  /\b(?:namor\w*|flert\w*|beij\w*|pelad[oa]|safad\w*)\b/,
];

/** A reply claiming to be a person: the persona never does (normalised text). */
const HUMAN_CLAIM_PATTERNS: readonly RegExp[] = [
  /\bi'?m (?:a )?(?:real|human)(?: person| being)?\b(?!\?)/,
  /\bi am (?:a )?(?:real|human)(?: person| being)?\b(?!\?)/,
  /\bi'?m not (?:an? )?(?:ai|bot|robot|chatbot|program)\b/,
  /\bi am not (?:an? )?(?:ai|bot|robot|chatbot|program)\b/,
  /\b(?:it'?s|this is) really me typing\b/,
  /\bsoy (?:una persona )?(?:real|humana?)\b/,
  /\bno soy (?:una )?(?:ia|bot|robot)\b/,
  /\bsou (?:uma pessoa )?(?:real|humana?)\b/,
  /\bnao sou (?:uma )?(?:ia|bot|robo)\b/,
];

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

export interface FloorVerdict {
  categories: ModerationCategory[];
}

/** What the floor finds in a text, whatever the provider says. */
export function moderationFloor(
  request: Pick<ModerationRequest, 'text'> & Partial<Pick<ModerationRequest, 'direction'>>,
): FloorVerdict {
  const text = normaliseForFloor(request.text);
  const categories: ModerationCategory[] = [];
  if (CRISIS_PATTERNS.some((pattern) => pattern.test(text))) categories.push('self-harm');
  if (
    MINOR_PATTERNS.some((pattern) => pattern.test(text)) &&
    SEXUAL_PATTERNS.some((pattern) => pattern.test(text))
  )
    categories.push('sexual/minors');
  if (profanity.hasMatch(request.text)) categories.push('profanity');
  if (request.direction === 'persona-reply' && HUMAN_CLAIM_PATTERNS.some((pattern) => pattern.test(text)))
    categories.push('impersonation');
  return { categories };
}
