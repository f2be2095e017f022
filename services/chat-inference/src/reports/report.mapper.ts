import type { AdminReport, CreatorReport, ReportTurn } from '@backtalk/proto';
import type { FanStanding } from './chat-standing.repository';
import type { ReportRow, TurnRow } from './report.repository';
import { fanLabel } from './report-rules';

/** The one place stored reports become wire types. */
function toTurns(report: ReportRow, turns: TurnRow[]): ReportTurn[] {
  return turns.map((turn) => ({
    id: turn.id,
    role: turn.role,
    content: turn.content,
    createdAt: turn.createdAt.toISOString(),
    hidden: turn.hidden,
    reported: turn.id === report.messageId,
  }));
}

export function toAdminReport(
  report: ReportRow,
  turns: TurnRow[],
  standing: FanStanding | undefined,
  now: Date,
): AdminReport {
  const cooledDownUntil = standing?.cooledDownUntil ?? null;
  return {
    id: report.id,
    creatorId: report.creatorId,
    messageId: report.messageId,
    reason: report.reason,
    note: report.note,
    state: report.state,
    action: report.action,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    turns: toTurns(report, turns),
    fanId: report.reporter,
    fanCooledDownUntil:
      cooledDownUntil && cooledDownUntil.getTime() > now.getTime() ? cooledDownUntil.toISOString() : null,
    fanSuspended: standing?.suspended ?? false,
  };
}

/** The creator's view: the persona's reply and an anonymous label, nothing the fan wrote. */
export function toCreatorReport(report: ReportRow, reply: string): CreatorReport {
  return {
    id: report.id,
    creatorId: report.creatorId,
    messageId: report.messageId,
    reason: report.reason,
    state: report.state,
    action: report.action,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    fanLabel: fanLabel(report.creatorId, report.reporter),
    reply,
  };
}
