import type { ReportAction, ReportState } from '@backtalk/proto';
import { createHash } from 'node:crypto';

/**
 * The rules of reports and of a fan's standing in chat (docs/safety.md, "Reports"), without I/O:
 * the repositories read the facts, these decide.
 */

/** What a fan's report is about, as read from the store (null fields: no such message). */
export interface ReportTarget {
  /** The owner of the conversation holding the message, or null when the message is not there. */
  conversationOwner: string | null;
  role: 'user' | 'assistant' | null;
  /** The reporter already has an open report on this message. */
  openReportByReporter: boolean;
}

export type ReportRefusal = 'message-not-found' | 'not-a-reply' | 'already-open';

/**
 * A fan may report a persona reply of their own conversation, once while their report is open.
 * Another fan's message answers as a missing one, so ids reveal nothing.
 */
export function reportRefusal(reporter: string, target: ReportTarget): ReportRefusal | null {
  if (target.conversationOwner === null || target.conversationOwner !== reporter) return 'message-not-found';
  if (target.role !== 'assistant') return 'not-a-reply';
  if (target.openReportByReporter) return 'already-open';
  return null;
}

/** The actions that undo another's effect, on a report in any state (docs/safety.md, "Reports"). */
const REVERSALS: readonly ReportAction[] = ['lift-fan-standing', 'unhide-message'];

/**
 * An open report is closed by any action: dismissed, or actioned with what was done. A reversal
 * leaves the report as it is (`unchanged`), open or closed; any other action on a closed one is refused.
 */
export function resolveReport(
  state: ReportState,
  action: ReportAction,
): { state: Exclude<ReportState, 'open'>; action: ReportAction } | 'closed' | 'unchanged' {
  if (REVERSALS.includes(action)) return 'unchanged';
  if (state !== 'open') return 'closed';
  return { state: action === 'dismiss' ? 'dismissed' : 'actioned', action };
}

/**
 * The anonymous label a creator sees for a reporting fan: the same for one fan's reports to that
 * creator, different for another creator, so a label tells creators nothing across personas.
 */
export function fanLabel(creatorId: string, fanId: string): string {
  const digest = createHash('sha256').update(`fan-label:${creatorId}:${fanId}`).digest('hex');
  return `Fan ${digest.slice(0, 6).toUpperCase()}`;
}

/** What may stop a fan's send, as stored. */
export interface SendStanding {
  suspended: boolean;
  cooledDownUntil: Date | null;
  personaPaused: boolean;
}

export type SendRefusal =
  { kind: 'suspended' } | { kind: 'cooled-down'; until: Date } | { kind: 'persona-paused' };

/** A suspension outranks a cool-down, which outranks a paused persona (the fan's own standing first). */
export function sendRefusal(standing: SendStanding, now: Date): SendRefusal | null {
  if (standing.suspended) return { kind: 'suspended' };
  if (standing.cooledDownUntil && standing.cooledDownUntil.getTime() > now.getTime())
    return { kind: 'cooled-down', until: standing.cooledDownUntil };
  if (standing.personaPaused) return { kind: 'persona-paused' };
  return null;
}

/**
 * Repeated blocks: the fan is cooled down once `threshold` of their messages were blocked within
 * the window (counted since their last cool-down began, so one cool-down per `threshold` blocks).
 */
export function cooldownDue(blockedInWindow: number, threshold: number): boolean {
  return blockedInWindow >= threshold;
}

/** A later cool-down never shortens one that runs longer. */
export function cooldownEnd(current: Date | null, proposed: Date): Date {
  return current && current.getTime() > proposed.getTime() ? current : proposed;
}
