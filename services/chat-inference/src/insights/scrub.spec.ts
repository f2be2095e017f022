import { scrubPersonalData } from './scrub';

describe('scrubPersonalData', () => {
  it.each([
    ['an email', 'Mail me at jo.fan+1@example.com please', 'Mail me at [email] please'],
    ['a phone number', 'Call me on +1 (555) 123-4567 tonight?', 'Call me on [phone] tonight?'],
    ['a handle', 'Follow @jojo_99 and tell me!', 'Follow [handle] and tell me!'],
    ['a link', 'Seen https://example.com/me?x=1 yet?', 'Seen [link] yet?'],
    ['a full name', 'I am Sarah Miller, when is your next tour?', 'I am [name], when is your next tour?'],
    ['a given name', 'my friend John says you cook pasta', 'my friend [name] says you cook pasta'],
    ['nothing personal', 'When is your next tour in Paris?', 'When is your next tour in Paris?'],
    ['a year stays', 'What did you do in 2019?', 'What did you do in 2019?'],
  ])('%s', (_, text, expected) => {
    expect(scrubPersonalData(text)).toBe(expected);
  });

  // Reply sampling relies on it: it tells a blank reply by the text before scrubbing it.
  it.each([
    ['a name alone', 'Sarah'],
    ['a full name alone', ' Sarah Miller '],
    ['an email alone', 'jo@example.com'],
    ['a phone number alone', '+1 555 123 4567'],
    ['a handle alone', '@jojo_99'],
    ['a link alone', 'https://example.com'],
    ['one character', '?'],
  ])('keeps a non-blank text non-blank: %s', (_, text) => {
    expect(scrubPersonalData(text).trim()).not.toBe('');
    expect(scrubPersonalData(text, 2000).trim()).not.toBe('');
  });

  it('keeps at most 500 characters', () => {
    expect(scrubPersonalData('why '.repeat(200)).length).toBeLessThanOrEqual(500);
  });
});
