import { metricsRegistry } from '@backtalk/kit';
import { Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { moderationFloor } from './moderation-floor';
import {
  CRISIS_CATEGORIES,
  type ModerationCategory,
  type ModerationProvider,
  type ModerationRequest,
  ModerationUnavailableError,
  type ModerationVerdict,
  type Moderator,
} from './moderation.port';

/** What happens when the configured moderator cannot answer (`MODERATION_FAILURE`). */
export type ModerationFailurePolicy = 'block' | 'floor-only';

const moderationDecisionsTotal = new Counter({
  name: 'backtalk_moderation_decisions_total',
  help: 'Moderation decisions, by direction, category found (none: nothing), who decided, provider and outcome (flagged or passed: profanity to an adult is found but passes); never the text',
  labelNames: ['direction', 'category', 'decided_by', 'provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

const moderationFailuresTotal = new Counter({
  name: 'backtalk_moderation_failures_total',
  help: 'Checks the configured moderator could not answer, by provider and what the failure policy did',
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Whether a category blocks the text: profanity only in a reply to a minor (docs/safety.md). */
function blocks(
  category: ModerationCategory,
  request: Pick<ModerationRequest, 'direction' | 'audience'>,
): boolean {
  if (category === 'profanity') return request.direction === 'persona-reply' && request.audience === 'minor';
  return true;
}

/**
 * The verdict from what the floor and the provider found (`provider` null: it failed, or there
 * is none), with the failure policy applied. Pure: the table tests cover every combination.
 */
export function decideVerdict(input: {
  request: Pick<ModerationRequest, 'direction' | 'audience'>;
  floor: readonly ModerationCategory[];
  provider: { categories: readonly ModerationCategory[]; boundaryIds: readonly string[] } | null;
  providerFailed: boolean;
  failurePolicy: ModerationFailurePolicy;
  providerName: string;
}): ModerationVerdict {
  const { request, floor, provider, providerFailed } = input;
  const categories = [...new Set([...floor, ...(provider?.categories ?? [])])];
  const blocking = categories.filter((category) => blocks(category, request));
  const providerBlocked = (provider?.categories ?? []).some((category) => blocks(category, request));
  // A failed moderator blocks under `block`, and always for a minor: nothing unchecked reaches them.
  const failureBlocks = providerFailed && (input.failurePolicy === 'block' || request.audience === 'minor');
  return {
    flagged: blocking.length > 0 || failureBlocks,
    categories,
    crisis: categories.some((category) => CRISIS_CATEGORIES.includes(category)),
    boundaryIds: [...(provider?.boundaryIds ?? [])],
    decidedBy: providerBlocked
      ? 'provider'
      : blocking.length > 0
        ? 'floor'
        : failureBlocks
          ? 'failure-policy'
          : 'provider',
    provider: input.providerName,
  };
}

/**
 * The moderator chat-inference calls: the floor always, the configured provider (if any) with
 * a deadline, the failure policy, and the counters. Logs nothing of the text.
 */
export class PolicyModerator implements Moderator {
  readonly name: string;
  private readonly logger = new Logger('Moderation');

  constructor(
    private readonly provider: ModerationProvider | null,
    private readonly options: { timeoutMs: number; failurePolicy: ModerationFailurePolicy },
  ) {
    this.name = provider?.name ?? 'none';
  }

  async check(request: ModerationRequest, signal?: AbortSignal): Promise<ModerationVerdict> {
    const floor = moderationFloor(request).categories;
    let provider: Awaited<ReturnType<ModerationProvider['classify']>> | null = null;
    let providerFailed = false;
    let failure = '';
    let known = false;
    if (this.provider) {
      const deadline = AbortSignal.timeout(this.options.timeoutMs);
      try {
        provider = await this.provider.classify(
          request,
          signal ? AbortSignal.any([signal, deadline]) : deadline,
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        if (!(error instanceof ModerationUnavailableError) && !deadline.aborted) throw error;
        providerFailed = true;
        failure = deadline.aborted ? 'timed out' : (error as ModerationUnavailableError).reason;
        known = !deadline.aborted && (error as ModerationUnavailableError).options.known === true;
      }
    }
    const verdict = decideVerdict({
      request,
      floor,
      provider,
      providerFailed,
      failurePolicy: this.options.failurePolicy,
      providerName: this.name,
    });
    if (providerFailed) {
      const outcome = verdict.flagged ? 'blocked' : 'floor-only';
      moderationFailuresTotal.inc({ provider: this.name, outcome });
      // Never the text: who failed, why (failureReason), for what, and what the policy did. A
      // failure the operator has been told about once (a local model not there yet) is counted only.
      (known ? this.logger.debug.bind(this.logger) : this.logger.warn.bind(this.logger))(
        `The ${this.name} moderator failed (${failure}) on a ${request.direction} for a ${request.audience}: ${outcome}`,
      );
    }
    for (const category of verdict.categories.length > 0 ? verdict.categories : ['none'])
      moderationDecisionsTotal.inc({
        direction: request.direction,
        category,
        decided_by: verdict.decidedBy,
        provider: this.name,
        outcome: verdict.flagged ? 'flagged' : 'passed',
      });
    return verdict;
  }

  async prepare(): Promise<void> {
    await this.provider?.prepare?.();
  }

  close(): void {
    this.provider?.close?.();
  }
}
