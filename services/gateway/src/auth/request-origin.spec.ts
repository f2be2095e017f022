import type { Request } from 'express';
import { loopbackOrigin, publicOrigin } from './request-origin';

/** The parts of an Express request the helpers read (hostname comes from the Host header). */
function requestTo(host: string, protocol = 'http'): Request {
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return { hostname, protocol, headers: { host } } as unknown as Request;
}

describe('request origins', () => {
  describe('publicOrigin', () => {
    it('is PUBLIC_URL without a trailing slash when set, whatever the Host header says', () => {
      expect(publicOrigin(requestTo('evil.example'), 'https://backtalk.example/')).toBe(
        'https://backtalk.example',
      );
      expect(publicOrigin(requestTo('localhost:3000'), 'https://example.com/backtalk//')).toBe(
        'https://example.com/backtalk',
      );
    });

    it("is the request's own origin on a loopback host without PUBLIC_URL", () => {
      expect(publicOrigin(requestTo('localhost:3320'), undefined)).toBe('http://localhost:3320');
      expect(publicOrigin(requestTo('127.0.0.1:8080'), undefined)).toBe('http://127.0.0.1:8080');
      expect(publicOrigin(requestTo('[::1]:8080'), undefined)).toBe('http://[::1]:8080');
    });

    it('is unknown for a public host without PUBLIC_URL (a Host header is not trusted)', () => {
      expect(publicOrigin(requestTo('backtalk.example'), undefined)).toBeUndefined();
    });
  });

  describe('loopbackOrigin (the passkey relying party fallback)', () => {
    it('is the origin of a request to localhost', () => {
      expect(loopbackOrigin(requestTo('localhost:3320'))).toBe('http://localhost:3320');
      expect(loopbackOrigin(requestTo('localhost', 'https'))).toBe('https://localhost');
    });

    it('is unknown for 127.0.0.1, ::1 and public hosts (passkeys of localhost work only on localhost)', () => {
      expect(loopbackOrigin(requestTo('127.0.0.1:3320'))).toBeUndefined();
      expect(loopbackOrigin(requestTo('[::1]:3320'))).toBeUndefined();
      expect(loopbackOrigin(requestTo('backtalk.example'))).toBeUndefined();
    });
  });
});
