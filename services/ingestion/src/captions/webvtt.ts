/**
 * WebVTT caption track → plain text (the words the persona is grounded on). Keeps the cue
 * payloads in order; drops the header, NOTE/STYLE/REGION blocks, cue identifiers, timings and
 * settings, voice and styling tags; decodes the character references WebVTT allows; and joins
 * a line repeated by consecutive cues (rolling captions) once.
 */
export class WebVttError extends Error {
  override readonly name = 'WebVttError';
}

const TIMING = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}(?:\s+.*)?$/;

export function webVttToText(track: string): string {
  const lines = track
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new WebVttError('A WebVTT caption track must start with "WEBVTT".');
  }
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === '') {
      if (current.length) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current);

  const spoken: string[] = [];
  for (const block of blocks) {
    const timingAt = block.findIndex((line) => TIMING.test(line.trim()));
    if (timingAt < 0) continue; // NOTE, STYLE, REGION or stray text: not a cue
    for (const raw of block.slice(timingAt + 1)) {
      const text = decode(raw.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim();
      if (text && spoken[spoken.length - 1] !== text) spoken.push(text);
    }
  }
  return spoken.join(' ');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '',
  rlm: '',
  quot: '"',
  apos: "'",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : fallback;
}
