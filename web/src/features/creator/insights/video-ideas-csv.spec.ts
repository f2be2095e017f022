import { videoIdeasCsv } from './video-ideas-csv';

const idea = (overrides: Partial<Parameters<typeof videoIdeasCsv>[0][number]>) => ({
  topicId: '00000000-0000-4000-8000-000000000001',
  label: 'camera',
  title: 'My camera setup',
  fans: 3,
  questions: 4,
  examples: [],
  ...overrides,
});

describe('videoIdeasCsv', () => {
  it.each([
    ['a plain idea', idea({}), 'My camera setup,camera,3,4,'],
    ['quotes and commas', idea({ title: 'Lights, "camera"' }), '"Lights, ""camera""",camera,3,4,'],
    [
      'examples joined',
      idea({ examples: ['Which camera?', 'Lens?'] }),
      'My camera setup,camera,3,4,Which camera? | Lens?',
    ],
    ['no title yet', idea({ title: null }), ',camera,3,4,'],
    ['a formula is defused', idea({ title: '=HYPERLINK("x")' }), `"'=HYPERLINK(""x"")",camera,3,4,`],
    ['a line break is quoted', idea({ label: 'a\nb' }), 'My camera setup,"a\nb",3,4,'],
  ])('%s', (_, row, line) => {
    expect(videoIdeasCsv([row])).toBe(
      `Suggested title,Topic,Fans,Questions,Example questions\r\n${line}\r\n`,
    );
  });
});
