import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUTHENTICATOR_WIDTH, BREAKPOINTS_PX, MOBILE_BREAKPOINT_PX } from './theme';

const src = path.resolve(__dirname, '..');

function styleSheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return styleSheets(file);
    return name.endsWith('.css') ? [file] : [];
  });
}

describe('theme (spec §9)', () => {
  const sheets = styleSheets(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('has the breakpoints 0, 480, 768, 992, 1280 and 1536, and the mobile one is 768', () => {
    expect(BREAKPOINTS_PX).toEqual([0, 480, 768, 992, 1280, 1536]);
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
  });

  it('uses no other width in any media query, and every breakpoint above 0 somewhere', () => {
    const used = new Set<number>();
    for (const { file, text } of sheets) {
      for (const match of text.matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)) {
        const width = Number(match[1]);
        if (!(BREAKPOINTS_PX as readonly number[]).includes(width))
          throw new Error(`${path.relative(src, file)} uses ${width}px, not a theme breakpoint`);
        used.add(width);
      }
    }
    expect([...used].sort((a, b) => a - b)).toEqual(BREAKPOINTS_PX.filter((width) => width > 0));
  });

  it('makes the authenticator 30rem wide', () => {
    const signIn = sheets.find(({ file }) => file.endsWith('sign-in.module.css'));
    expect(AUTHENTICATOR_WIDTH).toBe('30rem');
    expect(signIn?.text).toMatch(new RegExp(`max-width:\\s*${AUTHENTICATOR_WIDTH.replace('.', '\\.')}`));
  });
});
