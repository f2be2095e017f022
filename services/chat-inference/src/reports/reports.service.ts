import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import {
  type Actor,
  type AdminReport,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
  isAdmin,
} from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { CreatorCorpus } from '../persona/creator-corpus';
import { ChatStanding } from './chat-standing';
import { ChatStandingRepository } from './chat-standing.repository';
import { toAdminReport, toCreatorReport } from './report.mapper';
import { ReportError } from './report.errors';
import { type ReportRow, ReportRepository } from './report.repository';
import { reportRefusal, resolveReport } from './report-rules';

/** Only a signed-in admin reviews reports (a guest token never carries the group, but say so). */
function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor) || actor.userType !== 'authenticated') throw ReportError.adminsOnly();
}

/**
 * Reports on persona replies (docs/safety.md, "Reports"): a fan files one on a reply of their own
 * conversation; admins list and act on them; a creator reads their persona's, anonymised.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly standingRepository: ChatStandingRepository,
    private readonly standing: ChatStanding,
    private readonly corpus: CreatorCorpus,
    private readonly client: ServiceClient,
  ) {}

  async file({
    actor,
    conversationId,
    messageId,
    reason,
    note,
  }: ParsedRequestOf<typeof Subjects.ChatReportCreate>): Promise<ReplyOf<typeof Subjects.ChatReportCreate>> {
    const target = await this.reports.target(actor.userId, conversationId, messageId);
    const refusal = reportRefusal(actor.userId, target);
    if (refusal === 'message-not-found' || !target.creatorId) throw ReportError.messageNotFound();
    if (refusal === 'not-a-reply') throw ReportError.notAReply();
    if (refusal === 'already-open') throw ReportError.alreadyOpen();
    const trimmed = note?.trim();
    const report = await this.reports.create({
      id: randomUUID(),
      messageId,
      conversationId,
      creatorId: target.creatorId,
      reporter: actor.userId,
      reason,
      note: trimmed ? trimmed : null,
    });
    // Two reports sent at once: the unique index keeps one open.
    if (!report) throw ReportError.alreadyOpen();
    return {
      id: report.id,
      messageId: report.messageId,
      reason: report.reason,
      state: report.state,
      createdAt: report.createdAt.toISOString(),
    };
  }

  async listForAdmin({
    actor,
    state,
    creatorId,
  }: ParsedRequestOf<typeof Subjects.ChatReportList>): Promise<ReplyOf<typeof Subjects.ChatReportList>> {
    assertAdmin(actor);
    return { reports: await this.forAdmin(await this.reports.list({ state, creatorId })) };
  }

  /**
   * Closes an open report with the admin's action; the action runs first, and each is idempotent.
   * A reversal (lift the fan's standing, unhide the message) runs on a report in any state and
   * leaves it as it is.
   */
  async act({
    actor,
    reportId,
    action,
  }: ParsedRequestOf<typeof Subjects.ChatReportAct>): Promise<ReplyOf<typeof Subjects.ChatReportAct>> {
    assertAdmin(actor);
    const report = await this.reports.findById(reportId);
    if (!report) throw ReportError.notFound();
    const resolution = resolveReport(report.state, action);
    if (resolution === 'closed') throw ReportError.closed();
    // The fan is the conversation's owner: reports point at replies of the reporter's own chat.
    switch (action) {
      case 'hide-message':
        await this.reports.hideMessage(report.messageId);
        break;
      case 'cool-down-fan':
        await this.standing.coolDownReported(report.reporter);
        break;
      case 'suspend-fan':
        await this.standing.suspend(report.reporter);
        break;
      case 'pause-persona':
        await this.client.request(Subjects.CreatorsPersonaPauseSet, {
          actor,
          creatorId: report.creatorId,
          paused: true,
        });
        break;
      case 'lift-fan-standing':
        await this.standingRepository.lift(report.reporter);
        break;
      case 'unhide-message':
        await this.reports.unhideMessage(report.messageId);
        break;
      case 'dismiss':
        break;
    }
    if (resolution === 'unchanged') {
      const [view] = await this.forAdmin([report]);
      return view!;
    }
    const resolved = await this.reports.resolve(report.id, { ...resolution, by: actor.userId });
    if (!resolved) throw ReportError.closed();
    const [view] = await this.forAdmin([resolved]);
    return view!;
  }

  async listForCreator({
    actor,
    creatorId,
  }: ParsedRequestOf<typeof Subjects.ChatCreatorReportList>): Promise<
    ReplyOf<typeof Subjects.ChatCreatorReportList>
  > {
    // The creator's user comes from creators (CREATOR_NOT_FOUND for an unknown creator).
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== actor.userId && !isAdmin(actor)) throw ReportError.notYourPersona();
    const reports = await this.reports.listForCreator(creatorId);
    const texts = await this.reports.messageTexts(reports.map((report) => report.messageId));
    return { reports: reports.map((report) => toCreatorReport(report, texts.get(report.messageId) ?? '')) };
  }

  private async forAdmin(reports: ReportRow[]): Promise<AdminReport[]> {
    const [turns, standings] = await Promise.all([
      this.reports.turnsAround(reports),
      this.standingRepository.standings([...new Set(reports.map((report) => report.reporter))]),
    ]);
    const now = new Date();
    return reports.map((report) =>
      toAdminReport(report, turns.get(report.id) ?? [], standings.get(report.reporter), now),
    );
  }
}
