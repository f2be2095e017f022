import { textLibraries } from '../language/text-libraries';

/**
 * A fan question as insights store it (docs/insights.md): emails, phone numbers, links, @handles
 * and people's names replaced by placeholders. Names come from `compromise` (a maintained NLP
 * library: capitalised given and family names it knows or infers); the rest from patterns that
 * run first, so an address's name part is never mistaken for a person.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/giu;
const HANDLE = /(^|[^\p{L}\p{N}_])@[\p{L}\p{N}_.]{2,30}/gu;
// Seven or more digits, with the spaces, dots, dashes and brackets phone numbers are written with.
const PHONE = /(?<![\p{L}\p{N}])\+?\d[\d\s().-]{5,}\d(?![\p{L}\p{N}])/gu;
const MAX_LENGTH = 500;

/** `maxLength`: 500 for a question; sampled replies (reply-samples) keep more. */
export function scrubPersonalData(text: string, maxLength = MAX_LENGTH): string {
  const patterned = text
    .replace(EMAIL, '[email]')
    .replace(URL, '[link]')
    .replace(HANDLE, '$1[handle]')
    .replace(PHONE, (match) => (match.replace(/\D/g, '').length >= 7 ? '[phone]' : match));
  const names = textLibraries.compromise()(patterned).people().out('array') as string[];
  let scrubbed = patterned;
  for (const name of names.map((found) => found.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))) {
    if (name.length > 1) scrubbed = scrubbed.split(name).join('[name]');
  }
  return scrubbed.replace(/\s+/g, ' ').trim().slice(0, maxLength);
}
