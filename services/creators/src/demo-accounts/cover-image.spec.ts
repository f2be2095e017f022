import {
  DEMO_COVER_HEIGHT,
  DEMO_COVER_WIDTH,
  DemoCoverInput,
  accentColorFor,
  escapeXml,
  renderDemoCover,
  svgToDataUrl,
  wrapCaption,
} from './cover-image';

const input: DemoCoverInput = {
  caption: '5-minute shakshuka from one can of tomatoes 🍳 #shakshuka #budgetmeals',
  nickName: 'Tilly Saffron',
  accentColor: '#FF7A45',
  index: 3,
  handle: 'demo.creator',
};

/** A small well-formedness check: balanced tags, quoted attributes, no stray `<`, `>` or `&`. */
function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let match: RegExpExecArray | null;
  const checkText = (text: string) => {
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
  };
  while ((match = tag.exec(xml))) {
    checkText(xml.slice(last, match.index));
    for (const [, value] of match[3].matchAll(/="([^"]*)"/g)) checkText(value);
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
    last = tag.lastIndex;
  }
  checkText(xml.slice(last));
  expect(stack).toEqual([]);
  expect(last).toBe(xml.length);
}

describe('renderDemoCover', () => {
  it('is a 9:16, 360x640 standalone SVG', () => {
    const svg = renderDemoCover(input);
    expect(DEMO_COVER_WIDTH / DEMO_COVER_HEIGHT).toBeCloseTo(9 / 16);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="360" height="640" viewBox="0 0 360 640"/,
    );
    expect(svg.endsWith('</svg>')).toBe(true);
    assertWellFormedXml(svg);
    // Self-contained: no external images, links, scripts or fonts.
    expect(svg).not.toMatch(/<image|<script|href=|@import|url\((?!#)/);
  });

  it('is deterministic for the same input', () => {
    expect(renderDemoCover({ ...input })).toBe(renderDemoCover({ ...input }));
  });

  it('varies with the post index, caption and colour', () => {
    const covers = new Set(Array.from({ length: 12 }, (_, index) => renderDemoCover({ ...input, index })));
    expect(covers.size).toBe(12);
    expect(renderDemoCover({ ...input, caption: 'Something else entirely' })).not.toBe(
      renderDemoCover(input),
    );
    expect(renderDemoCover({ ...input, accentColor: '#14B88F' })).not.toBe(renderDemoCover(input));
  });

  it('uses a gradient built from the accent colour', () => {
    const svg = renderDemoCover(input);
    const id = /<linearGradient id="(bg-[0-9a-z]+)"/.exec(svg)?.[1];
    expect(id).toBeDefined();
    expect(svg.toLowerCase()).toContain('stop-color="#ff7a45"');
    expect(svg).toContain(`fill="url(#${id})"`);
    // Another post's cover uses other ids, so covers can be inlined side by side in one page.
    expect(renderDemoCover({ ...input, index: 4 })).not.toContain(`id="${id}"`);
    // #rgb shorthand works too.
    expect(renderDemoCover({ ...input, accentColor: '#f70' }).toLowerCase()).toContain(
      'stop-color="#ff7700"',
    );
  });

  it("shows the caption's first words without hashtags, wrapped, plus the name and @handle", () => {
    const svg = renderDemoCover(input);
    const lines = [...svg.matchAll(/<text x="28" y="[\d.]+">([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines.join(' ')).toBe('5-minute shakshuka from one can of tomatoes 🍳');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).not.toContain('#');
    // The full caption is kept only as the accessible title.
    expect(svg).toContain(
      '<title>Tilly Saffron (@demo.creator): 5-minute shakshuka from one can of tomatoes 🍳 #shakshuka #budgetmeals</title>',
    );
    expect(svg).toContain('>Tilly Saffron</text>');
    expect(svg).toContain('>@demo.creator</text>');
    expect(renderDemoCover({ ...input, handle: undefined })).not.toContain('@demo.creator');
  });

  it('cuts long captions to a few lines with an ellipsis', () => {
    const caption =
      'This is a very long caption that goes on and on about cabbage and keeps going well past the space on the cover';
    const lines = [
      ...renderDemoCover({ ...input, caption }).matchAll(/<text x="28" y="[\d.]+">([^<]*)<\/text>/g),
    ].map((m) => m[1]);
    expect(lines.length).toBe(4);
    expect(lines[3].endsWith('…')).toBe(true);
  });

  it('escapes <, &, " and \' in the caption, name and handle', () => {
    const nasty = `<script>alert("x") & 'y'</script>`;
    const svg = renderDemoCover({
      caption: nasty,
      nickName: `Tom & "Jerry" <'b'>`,
      accentColor: '#123456',
      index: 0,
      handle: `a&b"<c>'`,
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('"x"');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('&apos;y&apos;');
    expect(svg).toContain('Tom &amp; &quot;Jerry&quot; &lt;&apos;b&apos;&gt;');
    expect(svg).toContain('@a&amp;b&quot;&lt;c&gt;&apos;');
    assertWellFormedXml(svg);
  });

  it('survives empty, hashtag-only and control-character captions', () => {
    for (const caption of ['', '   ', '#only #hashtags', 'bell\u0007 and \uD800 lone surrogate']) {
      const svg = renderDemoCover({ ...input, caption });
      assertWellFormedXml(svg);
      expect(svg).not.toMatch(/[\u0007\uD800]/);
    }
    expect(renderDemoCover({ ...input, caption: '#only #hashtags' })).toContain('>only hashtags</text>');
  });

  it('accepts odd indexes deterministically', () => {
    expect(renderDemoCover({ ...input, index: -3 })).toBe(renderDemoCover({ ...input, index: 3 }));
    expect(() => renderDemoCover({ ...input, index: Number.NaN })).not.toThrow();
  });

  it('rejects an invalid accent colour clearly', () => {
    expect(() => renderDemoCover({ ...input, accentColor: 'orange' })).toThrow(
      /accentColor must be a #rrggbb or #rgb colour/,
    );
  });
});

describe('cover helpers', () => {
  it('escapeXml escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });

  it('wrapCaption breaks on words and splits over-long words', () => {
    expect(wrapCaption(['one', 'two', 'three', 'four'], 9, 4)).toEqual(['one two', 'three', 'four']);
    expect(wrapCaption(['abcdefghijkl'], 5, 4)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapCaption(['aaaa', 'bbbb', 'cccc', 'dddd'], 4, 2)).toEqual(['aaaa', 'bbb…']);
  });

  it('accentColorFor is a stable #rrggbb colour', () => {
    expect(accentColorFor('someone')).toMatch(/^#[0-9a-f]{6}$/);
    expect(accentColorFor('someone')).toBe(accentColorFor('someone'));
  });

  it('svgToDataUrl makes a data URL that round-trips', () => {
    const svg = renderDemoCover(input);
    const url = svgToDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toMatch(/[\s<>"#]/);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(svg);
  });
});
