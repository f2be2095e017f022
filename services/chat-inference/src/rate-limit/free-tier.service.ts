import { Injectable, Logger, Optional } from '@nestjs/common';
import { FeatureFlagReader, flagEnvironmentOf, ServiceClient } from '@backtalk/kit';
import {
  type Actor,
  BYPASS_SUBSCRIPTIONS_FLAG,
  type PersonaGetReply,
  type RateLimitCheckReply,
  type RequestOrigin,
} from '@backtalk/proto';
import ipaddr from 'ipaddr.js';
import { createHash } from 'node:crypto';
import { ChatInferenceConfig } from '../chat-inference.config';
import { CreatorFunnelRepository } from '../creator-funnel/creator-funnel.repository';
import { ChatFacts } from '../persona/chat-facts';
import { CreatorCorpus } from '../persona/creator-corpus';
import { mustAskBeforeRefusing } from '../persona/fact-cache';
import type { FreeTierScope } from './free-tier-counter.entity';
import { FreeTierCounterRepository } from './free-tier-counter.repository';
import { type FreeTierAllowanceState, freeTierDecision } from './fixed-window';
import { UserRateLimitRepository } from './user-rate-limit.repository';

/** What a send took from the free tier, so a failed reply can give exactly that back. */
export interface FreeTierTicket {
  counted: boolean;
  counters: { scope: FreeTierScope; key: string }[];
}

/** The allowances one send takes from (see FreeTierService.allowance); it is also its ticket. */
export interface FreeTierAllowance extends FreeTierTicket {
  /** FREE_TIER_MESSAGES: the fan's own allowance per window. */
  userLimit: number;
  windowSeconds: number;
  counters: { scope: FreeTierScope; key: string; limit: number }[];
}

const UNCOUNTED: FreeTierAllowance = { counted: false, userLimit: 0, windowSeconds: 0, counters: [] };

/**
 * Spec §4, §5, §9: a fan may send FREE_TIER_MESSAGES per window; an active
 * subscription to the creator, or the bypassSubscriptions flag, lifts it.
 * Guests are free to create, so the allowance is also counted per client
 * address (FREE_TIER_MESSAGES_PER_ADDRESS) and per device (FREE_TIER_MESSAGES):
 * a send must fit all three. The limits never leave the server, only
 * canSendMessage and nextAvailableTime do.
 */
@Injectable()
export class FreeTierService {
  private readonly logger = new Logger(FreeTierService.name);
  private readonly facts: ChatFacts;

  constructor(
    private readonly limits: UserRateLimitRepository,
    private readonly counters: FreeTierCounterRepository,
    private readonly flags: FeatureFlagReader,
    client: ServiceClient,
    private readonly config: ChatInferenceConfig,
    private readonly funnel: CreatorFunnelRepository,
    // Who owns the persona (the creator's own chat is never counted); optional for focused tests.
    @Optional() private readonly corpus?: CreatorCorpus,
    // The replica's copies of billing's subscriptions (docs/architecture.md); a focused test gets its own.
    @Optional() facts?: ChatFacts,
  ) {
    this.facts = facts ?? new ChatFacts(client);
  }

  /** The status check: never counts a message. */
  async check(actor: Actor, creatorId: string, origin?: RequestOrigin): Promise<RateLimitCheckReply> {
    const unlimited = await this.isUnlimited(actor, creatorId);
    const decision = freeTierDecision({
      unlimited,
      allowances: unlimited ? [] : await this.allowanceStates(actor, origin),
      windowSeconds: this.config.FREE_TIER_WINDOW_SECONDS,
      now: new Date(),
    });
    if (decision.canSendMessage) return { canSendMessage: true, nextAvailableTime: null };
    // The chat is told "limit reached" only on billing's fresh answer, as a refused send is.
    if (await this.subscribedAfterAll(actor, creatorId, { counted: !unlimited, counters: [] }))
      return { canSendMessage: true, nextAvailableTime: null };
    await this.limitReached(actor, creatorId);
    return { canSendMessage: false, nextAvailableTime: decision.nextAvailableTime?.toISOString() ?? null };
  }

  /**
   * The fan met the limit in this creator's chat (a refused send, or the check telling the chat
   * so): the creator's funnel counts it. Recording it never changes the fan's answer.
   */
  async limitReached(actor: Actor, creatorId: string): Promise<void> {
    await this.funnel.recordLimitReached(actor.userId, creatorId).catch((error: Error) => {
      this.logger.warn(`Could not record that the free-tier limit was reached: ${error.message}`);
    });
  }

  /**
   * What one send takes from the free tier: one message from every allowance
   * that applies (the fan's, then the address's and the device's). The send's
   * single statement (MessageRepository.sendTurn) takes them all or, with
   * RATE_LIMITED, none. Subscribers and the bypass flag take nothing. The
   * allowance is also the ticket a failed reply refunds.
   */
  allowance(actor: Actor, unlimited: boolean, origin?: RequestOrigin): FreeTierAllowance {
    if (unlimited) return UNCOUNTED;
    return {
      counted: true,
      userLimit: this.config.FREE_TIER_MESSAGES,
      windowSeconds: this.config.FREE_TIER_WINDOW_SECONDS,
      counters: this.originCounters(origin),
    };
  }

  /** Gives back what a send took (its reply failed before the model produced anything). */
  async refund(actor: Actor, ticket: FreeTierTicket): Promise<void> {
    if (!ticket.counted) return;
    await this.limits.refund(actor.userId);
    for (const { scope, key } of ticket.counters) await this.counters.refund(scope, key);
  }

  async isUnlimited(
    actor: Actor,
    creatorId: string,
    persona: Promise<PersonaGetReply> | null = null,
  ): Promise<boolean> {
    if (await this.flags.isEnabled(BYPASS_SUBSCRIPTIONS_FLAG, flagEnvironmentOf(this.config))) return true;
    // The creator talking to their own persona (their home's chat, spec §2) takes no allowance.
    if (await this.ownsPersona(actor, creatorId, persona)) return true;
    try {
      // This replica's copy (docs/architecture.md, "Facts a send reads from other services").
      return await this.facts.subscriptionActive(actor.userId, creatorId);
    } catch (error) {
      // Billing being down must not stop the free tier from working.
      this.logger.warn(`Subscription lookup failed, applying the free tier: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * The refusal path: a counted send met the limit. Its "not subscribed" may be this replica's copy,
   * so billing is asked now; true means the fan subscribed since and the send goes through
   * uncounted — a fan who just subscribed is never refused. Billing down: the refusal stands.
   */
  async subscribedAfterAll(actor: Actor, creatorId: string, ticket: FreeTierTicket): Promise<boolean> {
    if (!mustAskBeforeRefusing(ticket)) return false;
    try {
      return await this.facts.subscriptionActiveNow(actor.userId, creatorId);
    } catch (error) {
      this.logger.warn(`Subscription lookup failed, refusing at the limit: ${(error as Error).message}`);
      return false;
    }
  }

  /** `persona`: the caller's own lookup of the creator's persona, when it has one under way. */
  private async ownsPersona(
    actor: Actor,
    creatorId: string,
    persona: Promise<PersonaGetReply> | null,
  ): Promise<boolean> {
    const lookup = persona ?? this.corpus?.persona(creatorId);
    if (!lookup) return false;
    try {
      return (await lookup).userId === actor.userId;
    } catch {
      // An unknown creator, or creators not answering: the sender counts as a fan.
      return false;
    }
  }

  /** The fan's allowance, then the address's and the device's, with their counters as stored. */
  private async allowanceStates(actor: Actor, origin?: RequestOrigin): Promise<FreeTierAllowanceState[]> {
    const allowances: FreeTierAllowanceState[] = [
      { limit: this.config.FREE_TIER_MESSAGES, state: await this.limits.find(actor.userId) },
    ];
    for (const { scope, key, limit } of this.originCounters(origin)) {
      allowances.push({ limit, state: await this.counters.find(scope, key) });
    }
    return allowances;
  }

  private originCounters(origin?: RequestOrigin): { scope: FreeTierScope; key: string; limit: number }[] {
    if (!origin) return [];
    const counters: { scope: FreeTierScope; key: string; limit: number }[] = [];
    const address = addressKey(origin.ip);
    if (address) {
      counters.push({
        scope: 'address',
        key: digest(address),
        limit: this.config.FREE_TIER_MESSAGES_PER_ADDRESS,
      });
    }
    if (origin.device) {
      counters.push({ scope: 'device', key: digest(origin.device), limit: this.config.FREE_TIER_MESSAGES });
    }
    return counters;
  }
}

/**
 * The address as one allowance: IPv4 as is (also when IPv4-mapped), IPv6 per
 * /64, since one subscriber line usually gets a whole /64. Unparseable → none.
 */
function addressKey(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/** Pseudonymous keys: the table never holds a raw address or device id. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
