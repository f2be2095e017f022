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

/** The crisis lines for a country, or the international ones when it is unknown or not in the table. */
export function crisisCareFor(country: string | null): CrisisCare {
  const known = country ? CRISIS_LINES[country] : undefined;
  const entry = known ?? INTERNATIONAL_LINES;
  return {
    country: known ? country : null,
    countryName: entry.country,
    emergency: entry.emergency,
    lines: entry.lines.map(({ name, contact, url }) => ({ name, contact, url })),
  };
}

/**
 * The crisis card's text, stored as the message's content (what a client without the card shows,
 * and what a reload finds): warm, out of character, the lines, and that this is an AI.
 */
export function crisisCareText(care: CrisisCare, personaName: string): string {
  const lines = care.lines.map((line) => `• ${line.name}: ${line.contact} (${line.url})`);
  return [
    `I'm stepping out of the chat for a moment, because what you wrote matters more than anything we were talking about. It sounds like you might be going through something really painful, and you don't have to go through it alone.`,
    `You can talk to someone right now, for free and in confidence${care.country ? ` in ${care.countryName}` : ''}:`,
    ...lines,
    `If you are in danger right now, call ${care.emergency}.`,
    `Please remember: this chat is an AI, not ${personaName} and not a person, so it can't give you the help you deserve. The people at these lines can, any time.`,
  ].join('\n');
}
