import type { CrisisCare } from '@backtalk/proto';
import { CRISIS_LINES, INTERNATIONAL_LINES } from './crisis-lines';

/** Region subtags browsers send that are not ISO 3166-1 codes of the table. */
const REGION_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

/**
 * The fan's country from the request's Accept-Language (RFC 9110 §12.5.4): the region subtag of
 * the language range with the highest weight that names one (`pt-BR` → BR, `en-GB;q=0.8` → GB),
 * ties in the header's order. A range without a region (`pt`, `en`) says nothing about the
 * country and is skipped; null when none names one. Malformed ranges are ignored.
 */
export function countryOfAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((range, order) => {
      const [tag = '', ...params] = range.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranges) {
    // language[-script]-region[-…]: a region is two letters (or three digits, which name no country here).
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag)?.[1]?.toUpperCase();
    if (region) return REGION_ALIASES[region] ?? region;
  }
  return null;
}

export type CrisisLanguage = 'en' | 'es' | 'pt';

/** Words common in one language and rare in the others (accents removed), to tell a fan's message apart. */
const LANGUAGE_MARKERS: Readonly<Record<Exclude<CrisisLanguage, 'en'>, RegExp>> = {
  es: /\b(?:quiero|estoy|tengo|nadie|nada|mi|yo|pero|muy|vida|morir|matarme|ya no|puedo|soy|hoy|aqui|tambien|porque|mejor|solo|sola|ayuda)\b/g,
  pt: /\b(?:quero|estou|tenho|ninguem|nada|eu|mas|muito|vida|morrer|me matar|nao|posso|sou|hoje|aqui|tambem|porque|melhor|sozinho|sozinha|ajuda|voce)\b/g,
};
const ENGLISH_MARKERS =
  /\b(?:i|i'm|im|want|my|me|the|and|to|no one|nobody|anymore|can't|cant|myself|life|die|help|alone)\b/g;

/**
 * The crisis card's language: the fan's message's when it shows one (the most marker words of
 * English, Spanish or Portuguese; a tie or none decides nothing), else the first of Accept-Language's
 * ranges (by weight) that is one of the three, else English.
 */
export function crisisLanguageOf(message: string, acceptLanguage: string | undefined): CrisisLanguage {
  const text = message
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const counts: [CrisisLanguage, number][] = [
    ['en', text.match(ENGLISH_MARKERS)?.length ?? 0],
    ['es', text.match(LANGUAGE_MARKERS.es)?.length ?? 0],
    ['pt', text.match(LANGUAGE_MARKERS.pt)?.length ?? 0],
  ];
  counts.sort((a, b) => b[1] - a[1]);
  if (counts[0]![1] > 0 && counts[0]![1] > counts[1]![1]) return counts[0]![0];
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((range, order) => {
      const [tag = '', ...params] = range.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find(Boolean);
      return {
        language: tag.trim().slice(0, 2).toLowerCase(),
        weight: q === undefined ? 1 : Number(q),
        order,
      };
    })
    .filter((range) => range.weight > 0 && /^(?:en|es|pt)$/.test(range.language))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return (ranges[0]?.language as CrisisLanguage | undefined) ?? 'en';
}

/** The crisis lines for a country, or the international ones when it is unknown or not in the table. */
export function crisisCareFor(country: string | null, language: CrisisLanguage = 'en'): CrisisCare {
  const known = country ? CRISIS_LINES[country] : undefined;
  const entry = known ?? INTERNATIONAL_LINES;
  return {
    country: known ? country : null,
    countryName: (language !== 'en' && entry.countryIn?.[language]) || entry.country,
    emergency: language !== 'en' && !known ? LOCAL_EMERGENCY[language] : entry.emergency,
    lines: entry.lines.map(({ name, contact, url, translated }) => ({
      name,
      contact: (language !== 'en' && translated?.[language]) || contact,
      url,
    })),
    ...(language !== 'en' ? { language } : {}),
  };
}

/** The crisis card for a fan's crisis message: their country and language from the request. */
export function crisisCareForFan(message: string, acceptLanguage: string | undefined): CrisisCare {
  return crisisCareFor(countryOfAcceptLanguage(acceptLanguage), crisisLanguageOf(message, acceptLanguage));
}

/** "in <country>" in Portuguese: the preposition takes the country's article. */
function inPortuguese(country: string): string {
  const article: Readonly<Record<string, string>> = {
    Brasil: 'no',
    México: 'no',
    Canadá: 'no',
    'Reino Unido': 'no',
    Espanha: 'na',
    Irlanda: 'na',
    Austrália: 'na',
    'Nova Zelândia': 'na',
    Alemanha: 'na',
    França: 'na',
    'Estados Unidos': 'nos',
  };
  return `${article[country] ?? 'em'} ${country}`;
}

const LOCAL_EMERGENCY: Readonly<Record<'es' | 'pt', string>> = {
  es: 'al número de emergencias local',
  pt: 'o número de emergência local',
};

/**
 * The crisis card's text, stored as the message's content (what a client without the card shows,
 * and what a reload finds): warm, out of character, the lines, and that this is an AI.
 */
export function crisisCareText(care: CrisisCare, personaName: string): string {
  const lines = care.lines.map((line) => `• ${line.name}: ${line.contact} (${line.url})`);
  if (care.language === 'es')
    return [
      `Salgo un momento de la conversación, porque lo que escribiste importa más que cualquier cosa de la que estuviéramos hablando. Parece que estás pasando por algo muy doloroso, y no tienes que pasarlo solo.`,
      `Puedes hablar ahora mismo con alguien, gratis y de forma confidencial${care.country ? ` en ${care.countryName}` : ''}:`,
      ...lines,
      `Si estás en peligro ahora mismo, llama ${care.country ? `al ${care.emergency}` : care.emergency}.`,
      `Recuerda: este chat es una IA, no ${personaName} ni una persona, así que no puede darte la ayuda que mereces. Las personas de estas líneas sí pueden, a cualquier hora.`,
    ].join('\n');
  if (care.language === 'pt')
    return [
      `Vou sair da conversa por um momento, porque o que você escreveu importa mais do que qualquer coisa sobre a qual estávamos falando. Parece que você está passando por algo muito doloroso, e não precisa passar por isso sozinho.`,
      `Você pode falar com alguém agora mesmo, de graça e com sigilo${care.country ? ` ${inPortuguese(care.countryName)}` : ''}:`,
      ...lines,
      `Se você está em perigo agora, ligue para ${care.emergency}.`,
      `Lembre-se: este chat é uma IA, não ${personaName} nem uma pessoa, então não pode te dar a ajuda que você merece. As pessoas dessas linhas podem, a qualquer hora.`,
    ].join('\n');
  return [
    `I'm stepping out of the chat for a moment, because what you wrote matters more than anything we were talking about. It sounds like you might be going through something really painful, and you don't have to go through it alone.`,
    `You can talk to someone right now, for free and in confidence${care.country ? ` in ${care.countryName}` : ''}:`,
    ...lines,
    `If you are in danger right now, call ${care.emergency}.`,
    `Please remember: this chat is an AI, not ${personaName} and not a person, so it can't give you the help you deserve. The people at these lines can, any time.`,
  ].join('\n');
}
