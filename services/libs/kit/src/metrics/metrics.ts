import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per process. In standalone mode every service module shares the
 * process, so the metrics carry a `service` label rather than a registry each.
 */
export const metricsRegistry = new Registry();
let defaultsCollected = false;

export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const buckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const natsRequestsTotal = new Counter({
  name: 'backtalk_nats_requests_total',
  help: 'Requests sent to other services over the transport, by subject and outcome',
  labelNames: ['service', 'subject', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const natsRequestDuration = new Histogram({
  name: 'backtalk_nats_request_duration_seconds',
  help: 'Time from sending a request to its (first) reply',
  labelNames: ['service', 'subject'] as const,
  buckets,
  registers: [metricsRegistry],
});

export const httpRequestsTotal = new Counter({
  name: 'backtalk_http_requests_total',
  help: 'HTTP requests served, by route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'backtalk_http_request_duration_seconds',
  help: 'HTTP request duration',
  labelNames: ['service', 'method', 'route'] as const,
  buckets,
  registers: [metricsRegistry],
});

export const chatStreamsActive = new Gauge({
  name: 'backtalk_chat_streams_active',
  help: 'Chat reply streams currently open',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

/**
 * Server-Sent Event responses the gateway holds open (`stream`: chat, init-status), from the
 * first byte to the moment the reply ends or the browser goes away.
 */
export const sseStreamsOpen = new Gauge({
  name: 'backtalk_sse_streams_open',
  help: 'Server-Sent Event streams open to browsers, by kind',
  labelNames: ['service', 'stream'] as const,
  registers: [metricsRegistry],
});

export const llmFirstTokenSeconds = new Histogram({
  name: 'backtalk_llm_first_token_seconds',
  help: 'Time from prompt to the model first token',
  labelNames: ['service', 'provider'] as const,
  buckets,
  registers: [metricsRegistry],
});

export const durableDeliveriesTotal = new Counter({
  name: 'backtalk_durable_deliveries_total',
  help: 'Durable messages handled, by subject and outcome (acked, retried, dead-lettered)',
  labelNames: ['service', 'subject', 'outcome'] as const,
  registers: [metricsRegistry],
});
