import { z } from 'zod';
import { contracts, eventContracts } from './registry';
import { Events, Subjects, serviceNames } from './subjects';
import { ErrorCode, httpStatusFor } from './errors';

describe('proto contracts', () => {
  it.each(Object.values(Subjects))('%s has a request and a reply schema', (subject) => {
    const contract = (contracts as Record<string, { request?: unknown; reply?: unknown }>)[subject];
    expect(contract).toBeDefined();
    expect(contract?.request).toBeInstanceOf(z.ZodType);
    expect(contract?.reply).toBeInstanceOf(z.ZodType);
  });

  it('has no contract for a subject that does not exist', () => {
    const known = new Set<string>(Object.values(Subjects));
    expect(Object.keys(contracts).filter((subject) => !known.has(subject))).toEqual([]);
  });

  it.each(Object.values(Subjects))(
    '%s is named <service>.<entity>.<verb> after a real service',
    (subject) => {
      const [service, ...rest] = subject.split('.');
      expect(serviceNames).toContain(service);
      expect(rest).toHaveLength(2);
    },
  );

  it.each(Object.values(Events))('event %s has a payload schema', (event) => {
    expect(eventContracts[event]).toBeInstanceOf(z.ZodType);
  });

  it.each(Object.values(ErrorCode))('error code %s maps to an HTTP status', (code) => {
    const status = httpStatusFor(code);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it('rejects a blank chat message and accepts a real one', () => {
    const send = contracts[Subjects.ChatMessageSend].request;
    const actor = { userId: '6f1c7c1e-8a4f-4a55-9a3b-3f5b7a0f9d11', userType: 'guest', groups: [] };
    const conversationId = '0b7f4a5e-2f65-4d8e-9c2e-6a2d0f6b1c3a';
    expect(send.safeParse({ actor, conversationId, content: [{ text: '   ' }] }).success).toBe(false);
    const parsed = send.parse({ actor, conversationId, content: [{ text: 'hi' }] });
    expect(parsed.aiContext).toEqual({});
  });
});
