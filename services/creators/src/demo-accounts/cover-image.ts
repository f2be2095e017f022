/**
 * Locally generated cover images for demo posts: a self-contained 9:16 SVG (360x640)
 * with a gradient from the creator's accent colour, a geometric motif that varies per
 * post, the caption's first words and the creator's name / @handle. No network, no
 * fonts to fetch, no randomness: the same input always gives the same bytes.
 */

export const DEMO_COVER_WIDTH = 360;
export const DEMO_COVER_HEIGHT = 640;

export interface DemoCoverInput {
  caption: string;
  nickName: string;
  /** `#rrggbb` or `#rgb`. */
  accentColor: string;
  /** The post's position; picks the motif and layout variation. */
  index: number;
  /** Shown as `@handle` under the name when given. */
  handle?: string;
}

const MAX_LINE_CHARS = 15;
const MAX_LINES = 4;
const MAX_NAME_CHARS = 28;
const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

type Rgb = [number, number, number];

/** Escapes text for XML content and attribute values, dropping characters XML 1.0 forbids. */
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function parseHexColor(color: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) throw new TypeError(`accentColor must be a #rrggbb or #rgb colour, got ${JSON.stringify(color)}`);
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** FNV-1a over UTF-16 code units: a small stable hash for seeding. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: deterministic pseudo-random numbers in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A pleasant deterministic accent colour for a creator without one (e.g. from its handle). */
export function accentColorFor(seed: string): string {
  const hue = hash(seed) % 360;
  // HSL(hue, 65%, 52%) -> RGB
  const s = 0.65;
  const l = 0.52;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

const n1 = (x: number) => (Math.round(x * 10) / 10).toString();

/** Caption words for the cover: hashtags, links and extra whitespace removed. */
function coverWords(caption: string, fallback: string): string[] {
  const cleaned = caption
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)#[^\s#]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const source = cleaned || caption.replace(/#/g, ' ').replace(/\s+/g, ' ').trim() || fallback.trim();
  return source === '' ? [] : source.split(' ');
}

const charLength = (s: string) => Array.from(s).length;

function truncate(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max
    ? s
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Greedy word wrap into at most `maxLines` lines; an ellipsis marks cut text. */
export function wrapCaption(words: string[], maxChars = MAX_LINE_CHARS, maxLines = MAX_LINES): string[] {
  const pieces: string[] = [];
  for (const word of words) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += maxChars) pieces.push(chars.slice(i, i + maxChars).join(''));
  }
  const lines: string[] = [];
  let current = '';
  let cut = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    const candidate = current === '' ? piece : `${current} ${piece}`;
    if (charLength(candidate) <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = piece;
    if (lines.length === maxLines) {
      cut = true;
      current = '';
      break;
    }
  }
  if (current !== '') lines.push(current);
  if (cut) {
    const last = lines[lines.length - 1];
    lines[lines.length - 1] =
      charLength(last) < maxChars
        ? `${last}…`
        : `${Array.from(last)
            .slice(0, maxChars - 1)
            .join('')
            .trimEnd()}…`;
  }
  return lines;
}

type Motif = (rand: () => number, ink: string, uid: string) => string;

const MOTIFS: Motif[] = [
  // bubbles
  (rand, ink) =>
    Array.from({ length: 9 }, () => {
      const r = 18 + rand() * 70;
      return `<circle cx="${n1(rand() * 360)}" cy="${n1(rand() * 640)}" r="${n1(r)}" fill="${ink}" fill-opacity="${n1(0.05 + rand() * 0.12)}"/>`;
    }).join(''),
  // diagonal stripes
  (rand, ink) => {
    const gap = 34 + Math.floor(rand() * 22);
    const width = 8 + Math.floor(rand() * 14);
    const out: string[] = [];
    for (let x = -640; x < 360 + 640; x += gap) {
      out.push(
        `<line x1="${x}" y1="0" x2="${x + 640}" y2="640" stroke="${ink}" stroke-opacity="0.09" stroke-width="${width}"/>`,
      );
    }
    return out.join('');
  },
  // triangles
  (rand, ink) =>
    Array.from({ length: 7 }, () => {
      const cx = rand() * 360;
      const cy = rand() * 640;
      const r = 30 + rand() * 60;
      const a = rand() * Math.PI * 2;
      const pts = [0, 1, 2]
        .map(
          (k) =>
            `${n1(cx + r * Math.cos(a + (k * 2 * Math.PI) / 3))},${n1(cy + r * Math.sin(a + (k * 2 * Math.PI) / 3))}`,
        )
        .join(' ');
      return `<polygon points="${pts}" fill="${ink}" fill-opacity="${n1(0.06 + rand() * 0.12)}"/>`;
    }).join(''),
  // dot grid
  (rand, ink, uid) => {
    const step = 26 + Math.floor(rand() * 12);
    const r = 2.5 + rand() * 3;
    return (
      `<defs><pattern id="dots-${uid}" width="${step}" height="${step}" patternUnits="userSpaceOnUse">` +
      `<circle cx="${n1(step / 2)}" cy="${n1(step / 2)}" r="${n1(r)}" fill="${ink}" fill-opacity="0.14"/></pattern></defs>` +
      `<rect width="360" height="640" fill="url(#dots-${uid})"/>`
    );
  },
  // concentric rings
  (rand, ink) => {
    const cx = 60 + rand() * 240;
    const cy = 80 + rand() * 200;
    return Array.from(
      { length: 8 },
      (_, k) =>
        `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${40 + k * 42}" fill="none" stroke="${ink}" stroke-opacity="${n1(0.16 - k * 0.015)}" stroke-width="10"/>`,
    ).join('');
  },
  // waves
  (rand, ink) => {
    const amp = 14 + rand() * 18;
    const len = 90 + rand() * 60;
    const out: string[] = [];
    for (let y = 40; y < 640; y += 58) {
      let d = `M -20 ${n1(y)}`;
      for (let x = -20; x < 380; x += len)
        d += ` q ${n1(len / 4)} ${n1(-amp)} ${n1(len / 2)} 0 t ${n1(len / 2)} 0`;
      out.push(
        `<path d="${d}" fill="none" stroke="${ink}" stroke-opacity="0.12" stroke-width="6" stroke-linecap="round"/>`,
      );
    }
    return out.join('');
  },
];

/** Renders a demo post cover as a standalone SVG document (360x640, 9:16). */
export function renderDemoCover(input: DemoCoverInput): string {
  const accent = parseHexColor(input.accentColor);
  const index = Number.isFinite(input.index) ? Math.abs(Math.trunc(input.index)) : 0;
  const seed = hash(`${input.accentColor}|${index}|${input.caption}|${input.nickName}|${input.handle ?? ''}`);
  const rand = prng(seed);
  // Ids unique per cover, so several covers inlined in one HTML page don't share gradients.
  const uid = seed.toString(36);

  const light = toHex(mix(accent, WHITE, 0.3));
  const mid = toHex(accent);
  const dark = toHex(mix(accent, BLACK, 0.6));
  const angle = ((index * 47) % 360) * (Math.PI / 180);
  const gx = (v: number) => n1(50 + 50 * v);
  const gradient =
    `<linearGradient id="bg-${uid}" x1="${gx(-Math.cos(angle))}%" y1="${gx(-Math.sin(angle))}%" x2="${gx(Math.cos(angle))}%" y2="${gx(Math.sin(angle))}%">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>` +
    `<linearGradient id="scrim-${uid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>`;

  const motif = MOTIFS[index % MOTIFS.length](rand, '#ffffff', uid);

  const name = truncate(input.nickName.replace(/\s+/g, ' ').trim(), MAX_NAME_CHARS);
  const handle = input.handle
    ? truncate(`@${input.handle.replace(/^@+/, '').trim()}`, MAX_NAME_CHARS + 2)
    : '';
  const lines = wrapCaption(coverWords(input.caption, name));
  const lineHeight = 40;
  const top = 300 - ((lines.length - 1) * lineHeight) / 2;
  const captionText = lines
    .map((line, i) => `<text x="28" y="${n1(top + i * lineHeight)}">${escapeXml(line)}</text>`)
    .join('');

  const label = `${name}${handle ? ` (${handle})` : ''}: ${input.caption.replace(/\s+/g, ' ').trim()}`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_COVER_WIDTH}" height="${DEMO_COVER_HEIGHT}" viewBox="0 0 ${DEMO_COVER_WIDTH} ${DEMO_COVER_HEIGHT}" role="img">` +
    `<title>${escapeXml(truncate(label, 200))}</title>` +
    `<defs>${gradient}</defs>` +
    `<rect width="360" height="640" fill="url(#bg-${uid})"/>` +
    motif +
    `<rect y="380" width="360" height="260" fill="url(#scrim-${uid})"/>` +
    `<rect x="20" y="20" width="64" height="26" rx="13" fill="#000000" fill-opacity="0.35"/>` +
    `<text x="52" y="38" text-anchor="middle" font-family="${escapeXml(FONT_STACK)}" font-size="12" font-weight="700" letter-spacing="1.5" fill="#ffffff">DEMO</text>` +
    `<g font-family="${escapeXml(FONT_STACK)}" font-size="32" font-weight="800" fill="#ffffff" stroke="#000000" stroke-opacity="0.3" stroke-width="1.5" paint-order="stroke">${captionText}</g>` +
    `<circle cx="44" cy="588" r="18" fill="#ffffff" fill-opacity="0.9"/>` +
    `<text x="44" y="594" text-anchor="middle" font-family="${escapeXml(FONT_STACK)}" font-size="17" font-weight="800" fill="${dark}">${escapeXml(Array.from(name)[0]?.toUpperCase() ?? '?')}</text>` +
    `<text x="72" y="${handle ? 583 : 594}" font-family="${escapeXml(FONT_STACK)}" font-size="17" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>` +
    (handle
      ? `<text x="72" y="603" font-family="${escapeXml(FONT_STACK)}" font-size="14" fill="#ffffff" fill-opacity="0.85">${escapeXml(handle)}</text>`
      : '') +
    `</svg>`
  );
}

/** A `data:` URL for an SVG string, usable as an `<img src>` or stored as a cover URL. */
export function svgToDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
