/**
 * The floor's phrase lists (docs/safety.md, "Moderation: the port, its providers and the floor",
 * where their sources are noted): data, not logic — `moderation-floor.ts` applies them. Every
 * pattern runs on text `normaliseForFloor` has lower-cased, stripped of accents and read for
 * stand-in digits, so it is written without capitals or accents. A change here needs rows in
 * `moderation-floor.spec.ts`: a positive it is for, and the benign idioms it must not catch.
 *
 * Sources. Crisis signals follow the warning signs published by crisis lines (988 Suicide & Crisis
 * Lifeline, Samaritans, CVV): talking about wanting to die or to kill oneself, looking for a way
 * to, being a burden, having no reason to live, saying goodbye — phrased as fans write them in
 * English, Spanish and Portuguese. Minors and sexual talk: a stated age under 18, a school year
 * or a word for a child, beside romantic or sexual words. Both were written for this project
 * against the safety evaluation's cases (services/system-tests/src/safety-eval/cases.json); no
 * outside list was copied. Profanity is not here: the maintained `obscenity` dataset covers it.
 */

const SELF = String.raw`(?:my ?self|me)`;

/** Self-harm and suicide, English, Spanish, Portuguese (normalised text). */
const crisis: readonly RegExp[] = [
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
  /\bi'?m (?:just |such |only )?a burden\b/,
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
  /\bsoy (?:solo )?una carga para\b/,
  // Portuguese
  /\b(?:me matar|tirar (?:a )?minha (?:propria )?vida)\b/,
  /\bnao quero mais viver\b/,
  /\b(?:eu me corto|me cortar|me machuco)\b/,
  /\bjeito .{0,30}de morrer\b/,
  /\bquero morrer\b/,
  /\bacabar com tudo\b/,
  /\bpular da ponte\b/,
  /\bpara nao acordar\b/,
  /\bsou (?:so )?um (?:peso|fardo) para\b/,
];

/** Someone under 18 named in the text: a stated age, a school year, a word for a child. */
const minorMarkers: readonly RegExp[] = [
  /\b(?:i'?m|i am|im) (?:only )?(?:1[0-7]|[5-9])\b(?! ?(?:%|percent|min|minutes|hours|km|miles|kg|lbs))/,
  /\b(?:1[0-7]|[5-9])[- ]?(?:years?[- ]?old|yo|y\/o)\b/,
  /\b(?:middle school(?:er)?|elementary school|[5-9]th grade|underage|under ?age|a minor|a kid|a child|little (?:sister|brother)|preteen)\b/,
  /\b(?:tengo|tenho) (?:1[0-7]|[5-9]) (?:anos)\b/,
  /\b(?:tengo|tenho) (?:1[0-7]|[5-9])\b/,
  /\bmenor de (?:edad|idade)\b/,
];

/** Sexual or romantic talk. */
const sexual: readonly RegExp[] = [
  /\b(?:sex\w*|nude\w*|naked|horny|flirt\w*|kiss\w*|girlfriend|boyfriend|make out|naughty|spicy|in bed|turn(?:ed)? on|romantic|relationship|crush|date (?:you|me))\b/,
  /\b(?:hot|sexy)\b/,
  /\b(?:novi[oa]|coquete\w*|besar\w*|desnud\w*|caliente)\b/,
  /\b(?:namor\w*|flert\w*|beij\w*|pelad[oa]|safad\w*)\b/,
];

/** A reply claiming to be a person: the persona never does (normalised text). */
const humanClaim: readonly RegExp[] = [
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

export const FLOOR_PHRASES = { crisis, minorMarkers, sexual, humanClaim };
