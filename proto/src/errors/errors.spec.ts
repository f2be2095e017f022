import { aiErrors } from './ai';
import { billingErrors } from './billing';
import { chatErrors } from './chat';
import { commonErrors } from './common';
import { creatorsErrors } from './creators';
import type { ErrorList } from './error-list';
import { featureFlagsErrors } from './feature-flags';
import { gatewayErrors } from './gateway';
import { identityErrors } from './identity';
import { ingestionErrors } from './ingestion';
import { defaultMessageFor, ErrorCode, httpStatusFor } from './index';

const lists: Record<string, ErrorList> = {
  common: commonErrors,
  identity: identityErrors,
  creators: creatorsErrors,
  ingestion: ingestionErrors,
  chat: chatErrors,
  ai: aiErrors,
  billing: billingErrors,
  'feature-flags': featureFlagsErrors,
  gateway: gatewayErrors,
};
const entries = Object.entries(lists).flatMap(([service, list]) =>
  Object.entries(list).map(([key, entry]) => ({ service, key, ...entry })),
);

describe('error codes, one list per service', () => {
  it('gives every key and every code to one list only', () => {
    const keys = entries.map((entry) => entry.key);
    const codes = entries.map((entry) => entry.code);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([]);
  });

  it('exports every code of every list as ErrorCode, with its status and message', () => {
    expect(Object.keys(ErrorCode).sort()).toEqual(entries.map((entry) => entry.key).sort());
    for (const entry of entries) {
      expect(ErrorCode[entry.key as keyof typeof ErrorCode]).toBe(entry.code);
      expect(httpStatusFor(entry.code as ErrorCode)).toBe(entry.status);
      expect(defaultMessageFor(entry.code as ErrorCode)).toBe(entry.message);
    }
  });

  it.each(entries)('$code ($service) is an error status with a message that ends a sentence', (entry) => {
    expect(entry.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(entry.message).toMatch(/^[A-Z].*\.$/);
  });
});
