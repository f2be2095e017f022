import { Logger } from '@nestjs/common';
import { DurableSubjects } from '@backtalk/proto';
import {
  type DurableHandlerFn,
  type DurableSettings,
  type RawDelivery,
  UnprocessableMessageError,
  retryDelayMs,
  runDelivery,
} from './durable-delivery';

const settings: DurableSettings = { ackWaitMs: 30_000, maxDeliveries: 5, retryBaseMs: 1000 };
const logger = new Logger('test');
const valid = JSON.stringify({
  id: 'evt_1',
  type: 'invoice.paid',
  created: 1,
  data: { object: { object: 'invoice' } },
});
const delivery = (overrides: Partial<RawDelivery> = {}): RawDelivery => ({
  subject: DurableSubjects.BillingStripeEventReceived,
  data: valid,
  dedupeId: 'evt_1',
  deliveries: 1,
  ...overrides,
});
const run = (handler: DurableHandlerFn, overrides: Partial<RawDelivery> = {}) =>
  runDelivery(delivery(overrides), handler, settings, logger, 'test');

describe('durable delivery rules', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('acks after the handler succeeds, handing it the parsed payload and the delivery', async () => {
    const handler = jest.fn(async () => undefined);
    await expect(run(handler, { deliveries: 2 })).resolves.toEqual({ kind: 'ack' });
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_1', created: 1 }), {
      dedupeId: 'evt_1',
      deliveries: 2,
    });
  });

  it('redelivers after a failure with a doubling backoff, capped at five minutes', async () => {
    const failing = async () => {
      throw new Error('database away');
    };
    await expect(run(failing, { deliveries: 1 })).resolves.toEqual({ kind: 'retry', delayMs: 1000 });
    await expect(run(failing, { deliveries: 3 })).resolves.toEqual({ kind: 'retry', delayMs: 4000 });
    expect(retryDelayMs(settings, 20)).toBe(300_000);
  });

  it('dead-letters after the last allowed delivery fails', async () => {
    const failing = async () => {
      throw new Error('still broken');
    };
    await expect(run(failing, { deliveries: 5 })).resolves.toEqual({
      kind: 'dead',
      reason: 'the handler failed 5 times; last: still broken',
    });
  });

  it('dead-letters at once what no retry can fix, without calling the handler for a bad payload', async () => {
    const handler = jest.fn(async () => undefined);
    await expect(run(handler, { data: '{not json' })).resolves.toEqual({
      kind: 'dead',
      reason: 'the payload is not JSON',
    });
    await expect(run(handler, { data: JSON.stringify({ id: 'x' }) })).resolves.toMatchObject({
      kind: 'dead',
      reason: expect.stringContaining('does not match its schema'),
    });
    expect(handler).not.toHaveBeenCalled();
    const refusing = async () => {
      throw new UnprocessableMessageError('no period end');
    };
    await expect(run(refusing)).resolves.toEqual({ kind: 'dead', reason: 'no period end' });
  });
});
