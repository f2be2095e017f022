import { isDevelopmentHost, isThisMachine, servesDeveloperPages } from './developer-hosts';

const allowList = ['dev-', '.dev.', 'staging'];

describe('developer hosts (spec §2 /dev/*, §9)', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])(
    '%s is this machine',
    (host) => expect(isThisMachine(host)).toBe(true),
  );

  it("counts this machine's own addresses, and no other address", () => {
    const mine = new Set(['10.1.2.3']);
    expect(isThisMachine('10.1.2.3', mine)).toBe(true);
    expect(isThisMachine('10.1.2.4', mine)).toBe(false);
    expect(isThisMachine('backtalk.example', mine)).toBe(false);
  });

  it.each([
    ['localhost', true],
    ['dev-backtalk.example', true],
    ['app.dev.backtalk.example', true],
    ['staging.backtalk.example', true],
    ['backtalk.example', false],
    ['devbacktalk.example', false],
  ])('developer pages on %s: %s', (host, expected) =>
    expect(servesDeveloperPages(host, allowList)).toBe(expected),
  );

  it('serves developer pages on this machine only when the allow-list is empty', () => {
    expect(servesDeveloperPages('dev-backtalk.example', [])).toBe(false);
    expect(servesDeveloperPages('localhost', [])).toBe(true);
  });

  it.each([
    ['localhost', true],
    ['dev-backtalk.example', true],
    ['staging.backtalk.example', true],
    ['app.dev.backtalk.example', false],
    ['backtalk.example', false],
  ])('§9 environment of %s is development: %s', (host, expected) =>
    expect(isDevelopmentHost(host)).toBe(expected),
  );
});
