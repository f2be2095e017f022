import { browserAddress } from './browser-address';

describe('browserAddress (the start-up line)', () => {
  it.each([
    ['the default loopback address', 'http://127.0.0.1:3000', 'http://localhost:3000'],
    ['IPv6 loopback', 'http://[::1]:4000', 'http://localhost:4000'],
    ['localhost itself (HOST=0.0.0.0 is announced so)', 'http://localhost:3000', 'http://localhost:3000'],
    ['a LAN address, left as it is', 'http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
    ['a host name, left as it is', 'http://backtalk.internal:8080', 'http://backtalk.internal:8080'],
  ])('%s: %s → %s', (_case, listening, shown) => {
    expect(browserAddress(listening)).toBe(shown);
  });
});
