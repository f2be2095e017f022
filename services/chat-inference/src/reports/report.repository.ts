import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReportAction, ReportReason, ReportState } from '@backtalk/proto';
import { DataSource } from 'typeorm';
import type { ReportTarget } from './report-rules';

/** A stored report with the turns around its message. */
export interface ReportRow {
  id: string;
  messageId: string;
  conversationId: string;
  creatorId: string;
  reporter: string;
  reason: ReportReason;
  note: string | null;
  state: ReportState;
  action: ReportAction | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface TurnRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  hidden: boolean;
}

export interface NewReport {
  id: string;
  messageId: string;
  conversationId: string;
  creatorId: string;
  reporter: string;
  reason: ReportReason;
  note: string | null;
}

/** Turns shown around a reported message: this many before it and after it. */
const TURNS_AROUND = 3;
const PAGE = 100;

const REPORT_COLUMNS = `r.id, r."messageId", r."conversationId", r."creatorId", r.reporter, r.reason, r.note,
  r.state, r.action, r."createdAt", r."resolvedAt"`;

/** Reports and the messages they point at (docs/safety.md, "Reports"); only here touches their tables. */
@Injectable()
export class ReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** What the reporter may report: the message's conversation owner and role, and their open report on it. */
  async target(
    reporter: string,
    conversationId: string,
    messageId: string,
  ): Promise<ReportTarget & { creatorId: string | null }> {
    const [row] = (await this.dataSource.query(
      `SELECT c.owner, c."creatorId", m.role,
              EXISTS (SELECT 1 FROM message_reports r
                       WHERE r."messageId" = m.id AND r.reporter = $1 AND r.state = 'open') AS "openReport"
         FROM messages m JOIN conversations c ON c.id = m."conversationId"
        WHERE m.id = $3 AND c.id = $2`,
      [reporter, conversationId, messageId],
    )) as { owner: string; creatorId: string; role: 'user' | 'assistant'; openReport: boolean }[];
    return {
      conversationOwner: row?.owner ?? null,
      creatorId: row?.creatorId ?? null,
      role: row?.role ?? null,
      openReportByReporter: row?.openReport ?? false,
    };
  }

  /** Stores an open report; false when the reporter already has one open on the message. */
  async create(report: NewReport): Promise<ReportRow | null> {
    const rows = (await this.dataSource.query(
      `INSERT INTO message_reports (id, "messageId", "conversationId", "creatorId", reporter, reason, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("messageId", reporter) WHERE state = 'open' DO NOTHING
       RETURNING ${REPORT_COLUMNS.replace(/r\./g, '')}`,
      [
        report.id,
        report.messageId,
        report.conversationId,
        report.creatorId,
        report.reporter,
        report.reason,
        report.note,
      ],
    )) as ReportRow[];
    return rows[0] ?? null;
  }

  /** The admin queue: newest first, filtered by state and creator. */
  list(filter: { state?: ReportState; creatorId?: string }): Promise<ReportRow[]> {
    return this.dataSource.query(
      `SELECT ${REPORT_COLUMNS} FROM message_reports r
        WHERE ($1::text IS NULL OR r.state = $1) AND ($2::uuid IS NULL OR r."creatorId" = $2)
        ORDER BY r."createdAt" DESC, r.id DESC LIMIT ${PAGE}`,
      [filter.state ?? null, filter.creatorId ?? null],
    );
  }

  /** A creator's persona's reports, newest first; the owning creator's id is required. */
  listForCreator(creatorId: string): Promise<ReportRow[]> {
    return this.list({ creatorId });
  }

  async findById(id: string): Promise<ReportRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${REPORT_COLUMNS} FROM message_reports r WHERE r.id = $1`,
      [id],
    )) as ReportRow[];
    return row ?? null;
  }

  /** Closes an open report; null when it was no longer open (another admin came first). */
  async resolve(
    id: string,
    resolution: { state: Exclude<ReportState, 'open'>; action: ReportAction; by: string },
  ): Promise<ReportRow | null> {
    const rows = (await this.dataSource.query(
      `UPDATE message_reports r SET state = $2, action = $3, "resolvedBy" = $4, "resolvedAt" = now()
        WHERE r.id = $1 AND r.state = 'open' RETURNING ${REPORT_COLUMNS}`,
      [id, resolution.state, resolution.action, resolution.by],
    )) as [ReportRow[], number];
    return rows[0][0] ?? null;
  }

  /** The reported messages' texts (a creator's view shows the persona's reply only). */
  async messageTexts(messageIds: string[]): Promise<Map<string, string>> {
    if (messageIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT m.id, (SELECT coalesce(string_agg(b->>'text', E'\\n'), '') FROM jsonb_array_elements(m.content) b) AS text
         FROM messages m WHERE m.id = ANY($1::uuid[])`,
      [messageIds],
    )) as { id: string; text: string }[];
    return new Map(rows.map((row) => [row.id, row.text]));
  }

  /** Each report's message with up to three turns before and after it, oldest first. */
  async turnsAround(
    reports: Pick<ReportRow, 'id' | 'conversationId' | 'messageId'>[],
  ): Promise<Map<string, TurnRow[]>> {
    if (reports.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `WITH wanted AS (
         SELECT r.id AS "reportId", ref.id AS "refId", ref."conversationId", ref."createdAt" AS "refAt"
           FROM message_reports r JOIN messages ref ON ref.id = r."messageId" AND ref."conversationId" = r."conversationId"
          WHERE r.id = ANY($1::uuid[]))
       SELECT w."reportId", t.id, t.role, t."createdAt", t.hidden, t.text FROM wanted w
       CROSS JOIN LATERAL (
         (SELECT m.id, m.role, m."createdAt", m.content FROM messages m
           WHERE m."conversationId" = w."conversationId" AND (m."createdAt", m.id) < (w."refAt", w."refId")
           ORDER BY m."createdAt" DESC, m.id DESC LIMIT ${TURNS_AROUND})
         UNION ALL
         (SELECT m.id, m.role, m."createdAt", m.content FROM messages m
           WHERE m."conversationId" = w."conversationId" AND (m."createdAt", m.id) >= (w."refAt", w."refId")
           ORDER BY m."createdAt", m.id LIMIT ${TURNS_AROUND + 1})
       ) n
       CROSS JOIN LATERAL (
         SELECT n.id, n.role, n."createdAt",
                EXISTS (SELECT 1 FROM hidden_messages h WHERE h."messageId" = n.id) AS hidden,
                (SELECT coalesce(string_agg(b->>'text', E'\\n'), '') FROM jsonb_array_elements(n.content) b) AS text
       ) t
       ORDER BY w."reportId", t."createdAt", t.id`,
      [reports.map((report) => report.id)],
    )) as {
      reportId: string;
      id: string;
      role: 'user' | 'assistant';
      createdAt: Date;
      hidden: boolean;
      text: string;
    }[];
    const turns = new Map<string, TurnRow[]>();
    for (const row of rows) {
      const list = turns.get(row.reportId) ?? [];
      list.push({
        id: row.id,
        role: row.role,
        content: row.text,
        createdAt: row.createdAt,
        hidden: row.hidden,
      });
      turns.set(row.reportId, list);
    }
    return turns;
  }

  /** Erases what names a deleted creator: the reports about its persona and its pause. */
  async eraseCreator(creatorId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM message_reports WHERE "creatorId" = $1`, [creatorId]);
      await manager.query(`DELETE FROM persona_pauses WHERE "creatorId" = $1`, [creatorId]);
    });
  }

  /** Hides a message from its fan (the admin still reads it); hiding twice changes nothing. */
  async hideMessage(messageId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO hidden_messages ("messageId") VALUES ($1) ON CONFLICT ("messageId") DO NOTHING`,
      [messageId],
    );
  }

  /** Shows a hidden message to the fan again (an admin's reversal); nothing when it is not hidden. */
  async unhideMessage(messageId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM hidden_messages WHERE "messageId" = $1`, [messageId]);
  }

  /** Which of these messages are hidden. */
  async hiddenAmong(messageIds: string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = (await this.dataSource.query(
      `SELECT "messageId" FROM hidden_messages WHERE "messageId" = ANY($1::uuid[])`,
      [messageIds],
    )) as { messageId: string }[];
    return new Set(rows.map((row) => row.messageId));
  }
}
