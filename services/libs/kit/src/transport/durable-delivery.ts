import type { Logger } from '@nestjs/common';
import { type DurableSubject, durableContracts } from '@backtalk/proto';
import type { BaseConfig } from '../config/service-config';
import { describeZodIssues } from '../errors/zod-issues';
import { RequestContext } from '../logging/request-context';
import { durableDeliveriesTotal } from '../metrics/metrics';

/** JetStream's de-duplication header: a message with an id seen in the window is dropped. */
export const DEDUPE_HEADER = 'Nats-Msg-Id';
/** Longest wait between redeliveries of a failing message. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** How long a dedupe id is remembered after its message was stored (JetStream's default window). */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;

export interface DurableSettings {
  ackWaitMs: number;
  maxDeliveries: number;
  retryBaseMs: number;
}

export function durableSettings(config: BaseConfig): DurableSettings {
  return {
    ackWaitMs: config.DURABLE_ACK_WAIT_MS,
    maxDeliveries: config.DURABLE_MAX_DELIVERIES,
    retryBaseMs: config.DURABLE_RETRY_BASE_MS,
  };
}

/** The wait before delivery `deliveries + 1`, after `deliveries` failed ones: doubling, capped. */
export function retryDelayMs(settings: DurableSettings, deliveries: number): number {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, deliveries - 1), MAX_RETRY_DELAY_MS);
}

/** What a handler learns about the delivery besides the payload. */
export interface DurableDelivery {
  /** The publisher's dedupe id (for a Stripe event, its event id). */
  dedupeId: string;
  /** 1 for the first delivery, more for redeliveries. */
  deliveries: number;
}

/**
 * Thrown by a handler for a message no retry can fix (a required field is
 * missing, an id is malformed): it is dead-lettered at once, nothing changed.
 */
export class UnprocessableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnprocessableMessageError';
  }
}

export type DurableHandlerFn = (payload: unknown, delivery: DurableDelivery) => unknown;

/** One delivery as either backend hands it over: the payload still as its wire text. */
export interface RawDelivery {
  subject: DurableSubject;
  data: string;
  dedupeId: string;
  deliveries: number;
  requestId?: string;
}

export type DeliveryOutcome =
  { kind: 'ack' } | { kind: 'retry'; delayMs: number } | { kind: 'dead'; reason: string };

/**
 * Runs a handler on one delivery and says what the backend must do with the
 * message: ack it after the handler succeeded; redeliver it after a backoff when
 * the handler threw; dead-letter it (one error line, then dropped) when its
 * payload is not valid — no retry can fix that — or when it failed
 * `maxDeliveries` times. Both backends apply the same rules through this.
 */
export async function runDelivery(
  delivery: RawDelivery,
  handler: DurableHandlerFn,
  settings: DurableSettings,
  logger: Logger,
  service: string,
): Promise<DeliveryOutcome> {
  const outcome = await decide(delivery, handler, settings, logger);
  if (outcome.kind === 'dead') {
    logger.error(
      `Dead-lettered ${delivery.subject} message ${delivery.dedupeId} after ${delivery.deliveries} deliver${delivery.deliveries === 1 ? 'y' : 'ies'}: ${outcome.reason}`,
    );
  }
  const label = outcome.kind === 'ack' ? 'acked' : outcome.kind === 'retry' ? 'retried' : 'dead-lettered';
  durableDeliveriesTotal.inc({ service, subject: delivery.subject, outcome: label });
  return outcome;
}

async function decide(
  delivery: RawDelivery,
  handler: DurableHandlerFn,
  settings: DurableSettings,
  logger: Logger,
): Promise<DeliveryOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(delivery.data);
  } catch {
    return { kind: 'dead', reason: 'the payload is not JSON' };
  }
  const parsed = durableContracts[delivery.subject].safeParse(json);
  if (!parsed.success) {
    return {
      kind: 'dead',
      reason: `the payload does not match its schema: ${describeZodIssues(parsed.error)}`,
    };
  }
  try {
    await RequestContext.run(delivery.requestId, () =>
      handler(parsed.data, { dedupeId: delivery.dedupeId, deliveries: delivery.deliveries }),
    );
    return { kind: 'ack' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof UnprocessableMessageError) return { kind: 'dead', reason };
    if (delivery.deliveries >= settings.maxDeliveries) {
      return { kind: 'dead', reason: `the handler failed ${delivery.deliveries} times; last: ${reason}` };
    }
    const delayMs = retryDelayMs(settings, delivery.deliveries);
    logger.warn(
      `Handling ${delivery.subject} message ${delivery.dedupeId} failed (${reason}); redelivering in ${delayMs} ms`,
    );
    return { kind: 'retry', delayMs };
  }
}
