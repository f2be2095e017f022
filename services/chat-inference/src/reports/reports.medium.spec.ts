import {
  ServiceError,
  dataSourceOptions,
  loadConfig,
  openMigratedDataSource,
  transactionOf,
} from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import type { Actor, PersonaGetReply } from '@backtalk/proto';
import type { ServiceClient } from '@backtalk/kit';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceConfigSchema } from '../chat-inference.config';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import { MessageEntity } from '../conversation/message.entity';
import { MessageRepository } from '../conversation/message.repository';
import type { CreatorCorpus } from '../persona/creator-corpus';
import { ChatRetention } from '../retention/chat-retention';
import { ChatRetentionRepository } from '../retention/chat-retention.repository';
import { ChatStanding } from './chat-standing';
import { ChatStandingRepository } from './chat-standing.repository';
import { CreatorErasedConsumer } from './creator-erased.consumer';
import { ReplySamplesRepository } from '../reply-samples/reply-samples.repository';
import { InsightsRepository } from '../insights/insights.repository';
import { ReportRepository } from './report.repository';
import { ReportsService } from './reports.service';

const fan = (userId = randomUUID()): Actor => ({ userId, userType: 'authenticated', groups: [] });
const admin = (): Actor => ({ userId: randomUUID(), userType: 'authenticated', groups: ['admin'] });

/** The code a call was refused with. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ServiceError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('reports and chat standing (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let service: ReportsService;
  let standing: ChatStanding;
  let standingRepository: ChatStandingRepository;
  /** The creators' users: creatorId → userId. */
  const creatorUsers = new Map<string, string>();
  /** What chat-inference asked creators to pause. */
  const pauses: { creatorId: string; paused: boolean }[] = [];

  const config = loadConfig(chatInferenceConfigSchema, {
    BACKTALK_MODE: 'standalone',
    LOG_LEVEL: 'silent',
    MODERATION_PROVIDER: 'none',
    MODERATION_COOLDOWN_AFTER_BLOCKS: '3',
    MODERATION_COOLDOWN_MINUTES: '60',
  });

  /** A send of the fan's in the conversation, stored by send_turn unless their standing refuses it. */
  const maySend = (owner: string, conversationId: string) =>
    new MessageRepository(dataSource.getRepository(MessageEntity)).sendTurn(
      {
        owner,
        conversationId,
        userMessageId: randomUUID(),
        assistantMessageId: randomUUID(),
        text: 'may I?',
        aiContext: null,
        verdict: null,
        notice: null,
      },
      { counted: false, userLimit: 0, windowSeconds: 0, counters: [] },
      100,
    );

  /** A conversation of `owner` with a creator: a fan message, a reply, a fan message, a reply. */
  async function chat(owner: Actor, creatorId = randomUUID()) {
    const creatorUser = creatorUsers.get(creatorId) ?? randomUUID();
    creatorUsers.set(creatorId, creatorUser);
    const [row] = (await dataSource.query(
      `INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
      [owner.userId, creatorId],
    )) as { id: string }[];
    const ids: string[] = [];
    for (const [index, text] of ['hi', 'hello fan', 'tell me more', 'a bad reply'].entries()) {
      const id = randomUUID();
      ids.push(id);
      await dataSource.query(
        `INSERT INTO messages (id, "conversationId", owner, role, content, "createdAt")
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [id, row!.id, owner.userId, index % 2 ? 'assistant' : 'user', JSON.stringify([{ text }]), index],
      );
    }
    return {
      conversationId: row!.id,
      creatorId,
      creatorUser,
      fanMessage: ids[2]!,
      reply: ids[3]!,
      firstReply: ids[1]!,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('reports', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    standingRepository = new ChatStandingRepository(dataSource);
    standing = new ChatStanding(standingRepository, config);
    const corpus = {
      persona: (creatorId: string) =>
        Promise.resolve({ creatorId, userId: creatorUsers.get(creatorId) } as PersonaGetReply),
    } as unknown as CreatorCorpus;
    const client = {
      request: (_subject: string, payload: { creatorId: string; paused: boolean }) => {
        pauses.push({ creatorId: payload.creatorId, paused: payload.paused });
        return Promise.resolve({ creatorId: payload.creatorId, pausedAt: new Date().toISOString() });
      },
    } as unknown as ServiceClient;
    service = new ReportsService(
      new ReportRepository(dataSource),
      standingRepository,
      standing,
      corpus,
      client,
    );
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  describe('who may report what', () => {
    it('a fan reports a reply of their own conversation once while it is open', async () => {
      const me = fan();
      const { conversationId, reply } = await chat(me);
      const report = await service.file({
        actor: me,
        conversationId,
        messageId: reply,
        reason: 'harmful',
        note: ' rude ',
      });
      expect(report).toMatchObject({ messageId: reply, reason: 'harmful', state: 'open' });
      expect(
        await refusal(service.file({ actor: me, conversationId, messageId: reply, reason: 'other' })),
      ).toBe('REPORT_ALREADY_OPEN');
      const [stored] = await dataSource.query(`SELECT note FROM message_reports WHERE id = $1`, [report.id]);
      expect(stored.note).toBe('rude');
    });

    it.each([
      ["another fan's reply, named with that fan's conversation", 'theirs', 'MESSAGE_NOT_FOUND'],
      ["another fan's reply, named with the reporter's own conversation", 'mixed', 'MESSAGE_NOT_FOUND'],
      ['their own message (not a reply)', 'own-user-message', 'VALIDATION_FAILED'],
      ['a message that does not exist', 'missing', 'MESSAGE_NOT_FOUND'],
    ] as const)('refuses %s', async (_name, kind, code) => {
      const me = fan();
      const mine = await chat(me);
      const theirs = await chat(fan());
      const target = {
        theirs: { conversationId: theirs.conversationId, messageId: theirs.reply },
        mixed: { conversationId: mine.conversationId, messageId: theirs.reply },
        'own-user-message': { conversationId: mine.conversationId, messageId: mine.fanMessage },
        missing: { conversationId: mine.conversationId, messageId: randomUUID() },
      }[kind];
      expect(await refusal(service.file({ actor: me, ...target, reason: 'harmful' }))).toBe(code);
      const [{ count }] = await dataSource.query(
        `SELECT count(*)::int AS count FROM message_reports WHERE reporter = $1`,
        [me.userId],
      );
      expect(count).toBe(0);
    });
  });

  describe('the admin queue', () => {
    it('only admins list and act; a fan or the creator is refused and nothing changes', async () => {
      const me = fan();
      const { conversationId, reply, creatorUser } = await chat(me);
      const report = await service.file({ actor: me, conversationId, messageId: reply, reason: 'sexual' });
      const creator: Actor = { userId: creatorUser, userType: 'authenticated', groups: [] };
      for (const actor of [me, creator, { ...admin(), userType: 'guest' as const }]) {
        expect(await refusal(service.listForAdmin({ actor }))).toBe('FORBIDDEN');
        expect(await refusal(service.act({ actor, reportId: report.id, action: 'hide-message' }))).toBe(
          'FORBIDDEN',
        );
      }
      const [row] = await dataSource.query(`SELECT state FROM message_reports WHERE id = $1`, [report.id]);
      expect(row.state).toBe('open');
      expect(await new ReportRepository(dataSource).hiddenAmong([reply])).toEqual(new Set());
    });

    it('shows the reported message with the turns around it, filtered by state and creator', async () => {
      const me = fan();
      const { conversationId, reply, creatorId, firstReply } = await chat(me);
      const report = await service.file({
        actor: me,
        conversationId,
        messageId: reply,
        reason: 'false-about-creator',
      });
      const { reports } = await service.listForAdmin({ actor: admin(), state: 'open', creatorId });
      expect(reports.map((listed) => listed.id)).toEqual([report.id]);
      expect(reports[0]).toMatchObject({ fanId: me.userId, fanSuspended: false, fanCooledDownUntil: null });
      expect(reports[0]!.turns.map((turn) => [turn.content, turn.reported])).toEqual([
        ['hi', false],
        ['hello fan', false],
        ['tell me more', false],
        ['a bad reply', true],
      ]);
      expect((await service.listForAdmin({ actor: admin(), state: 'dismissed', creatorId })).reports).toEqual(
        [],
      );
      // Reporting the first reply shows what came before and after it.
      const earlier = await service.file({
        actor: me,
        conversationId,
        messageId: firstReply,
        reason: 'other',
      });
      const [listed] = (await service.listForAdmin({ actor: admin(), creatorId })).reports;
      expect(listed!.id).toBe(earlier.id);
      expect(listed!.turns.map((turn) => turn.content)).toEqual([
        'hi',
        'hello fan',
        'tell me more',
        'a bad reply',
      ]);
    });

    it.each([
      ['dismiss', 'dismissed'],
      ['hide-message', 'actioned'],
      ['cool-down-fan', 'actioned'],
      ['suspend-fan', 'actioned'],
      ['pause-persona', 'actioned'],
    ] as const)(
      '%s closes the report as %s and does what it says; a second action is refused',
      async (action, state) => {
        const me = fan();
        const { conversationId, reply, creatorId } = await chat(me);
        const report = await service.file({ actor: me, conversationId, messageId: reply, reason: 'harmful' });
        const acted = await service.act({ actor: admin(), reportId: report.id, action });
        expect(acted).toMatchObject({ state, action });
        expect(await refusal(service.act({ actor: admin(), reportId: report.id, action: 'dismiss' }))).toBe(
          'REPORT_CLOSED',
        );

        const hidden = await new ReportRepository(dataSource).hiddenAmong([reply]);
        expect(hidden.has(reply)).toBe(action === 'hide-message');
        expect(acted.turns.find((turn) => turn.reported)?.hidden).toBe(action === 'hide-message');
        const sendRefusal = await refusal(maySend(me.userId, conversationId));
        expect(sendRefusal).toBe(
          {
            dismiss: 'accepted',
            'hide-message': 'accepted',
            'cool-down-fan': 'FAN_COOLED_DOWN',
            'suspend-fan': 'FAN_SUSPENDED',
            'pause-persona': 'accepted',
          }[action],
        );
        expect(acted.fanSuspended).toBe(action === 'suspend-fan');
        expect(acted.fanCooledDownUntil !== null).toBe(action === 'cool-down-fan');
        expect(pauses.some((pause) => pause.creatorId === creatorId && pause.paused)).toBe(
          action === 'pause-persona',
        );
      },
    );

    it('answers REPORT_NOT_FOUND for an unknown report', async () => {
      expect(await refusal(service.act({ actor: admin(), reportId: randomUUID(), action: 'dismiss' }))).toBe(
        'REPORT_NOT_FOUND',
      );
    });
  });

  describe("the creator's view", () => {
    it("shows their persona's reports with the reply and an anonymous label, never the fan's id or words", async () => {
      const me = fan();
      const { conversationId, reply, creatorId, creatorUser } = await chat(me);
      await service.file({
        actor: me,
        conversationId,
        messageId: reply,
        reason: 'hateful-or-harassing',
        note: `I am ${me.userId}`,
      });
      // Another creator's report does not show.
      const otherFan = fan();
      const other = await chat(otherFan);
      await service.file({
        actor: otherFan,
        conversationId: other.conversationId,
        messageId: other.reply,
        reason: 'other',
      });
      const creator: Actor = { userId: creatorUser, userType: 'authenticated', groups: [] };
      const { reports } = await service.listForCreator({ actor: creator, creatorId });
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({
        reason: 'hateful-or-harassing',
        reply: 'a bad reply',
        state: 'open',
      });
      expect(reports[0]!.fanLabel).toMatch(/^Fan [0-9A-F]{6}$/);
      expect(JSON.stringify(reports)).not.toContain(me.userId);
      expect(JSON.stringify(reports)).not.toContain('tell me more');
    });

    it("refuses another creator's persona's reports", async () => {
      const { creatorId } = await chat(fan());
      const stranger = fan();
      expect(await refusal(service.listForCreator({ actor: stranger, creatorId }))).toBe('FORBIDDEN');
    });
  });

  describe('chat standing', () => {
    it('cools a fan down after MODERATION_COOLDOWN_AFTER_BLOCKS blocked messages, and counts afresh after', async () => {
      const me = fan();
      const { conversationId } = await chat(me);
      expect(await standing.recordBlockedMessage(me.userId)).toBeNull();
      expect(await standing.recordBlockedMessage(me.userId)).toBeNull();
      expect(await refusal(maySend(me.userId, conversationId))).toBe('accepted');
      const until = await standing.recordBlockedMessage(me.userId);
      expect(until!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect(until!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
      expect(await refusal(maySend(me.userId, conversationId))).toBe('FAN_COOLED_DOWN');
      // The blocks that led to it are spent.
      expect(await standing.recordBlockedMessage(me.userId)).toBeNull();
    });

    it('does not count blocks older than the window', async () => {
      const me = fan();
      await dataSource.query(
        `INSERT INTO fan_blocked_messages ("fanId", "blockedAt") VALUES ($1, now() - interval '25 hours'), ($1, now() - interval '25 hours')`,
        [me.userId],
      );
      expect(await standing.recordBlockedMessage(me.userId)).toBeNull();
    });

    it("keeps the newest of creators' pause changes, whatever order they arrive in", async () => {
      const me = fan();
      const { conversationId, creatorId } = await chat(me);
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 12, minutes)).toISOString();
      await standingRepository.applyPauseChange({ creatorId, pausedAt: at(0), changedAt: at(0) });
      expect(await refusal(maySend(me.userId, conversationId))).toBe('PERSONA_PAUSED');
      await standingRepository.applyPauseChange({ creatorId, pausedAt: null, changedAt: at(5) });
      // A late redelivery of the pause changes nothing.
      await standingRepository.applyPauseChange({ creatorId, pausedAt: at(0), changedAt: at(0) });
      expect(await refusal(maySend(me.userId, conversationId))).toBe('accepted');
    });
  });

  it("a deleted creator's erasure removes the reports about its persona and its pause, and no other", async () => {
    const me = fan();
    const gone = await chat(me);
    const staying = await chat(me);
    await service.file({
      actor: me,
      conversationId: gone.conversationId,
      messageId: gone.reply,
      reason: 'harmful',
    });
    await service.file({
      actor: me,
      conversationId: staying.conversationId,
      messageId: staying.reply,
      reason: 'harmful',
    });
    const now = new Date().toISOString();
    await standingRepository.applyPauseChange({ creatorId: gone.creatorId, pausedAt: now, changedAt: now });
    await new CreatorErasedConsumer(
      new ReportRepository(dataSource),
      new InsightsRepository(dataSource),
      new ReplySamplesRepository(dataSource),
    ).erased({
      creatorId: gone.creatorId,
    });
    const remaining = (await dataSource.query(
      `SELECT "creatorId" FROM message_reports WHERE reporter = $1
       UNION ALL SELECT "creatorId" FROM persona_pauses WHERE "creatorId" = $2`,
      [me.userId, gone.creatorId],
    )) as { creatorId: string }[];
    expect(remaining.map((row) => row.creatorId)).toEqual([staying.creatorId]);
  });

  it("an account's erasure removes the reports it filed and its chat standing", async () => {
    const me = fan();
    const { conversationId, reply } = await chat(me);
    await service.file({ actor: me, conversationId, messageId: reply, reason: 'harmful', note: 'my note' });
    await standing.suspend(me.userId);
    await standing.recordBlockedMessage(me.userId);
    const retention = new ChatRetention(new ChatRetentionRepository(dataSource), config);
    const counts: Record<string, number> = {};
    await dataSource.transaction((manager) =>
      retention.accountDeletion.afterTerm.erase(me.userId, {
        transaction: transactionOf(manager),
        count: (name, records) => (counts[name] = (counts[name] ?? 0) + records),
        afterCommit: () => undefined,
      }),
    );
    expect(counts.reports).toBe(1);
    for (const [table, column] of [
      ['message_reports', 'reporter'],
      ['fan_chat_standings', '"fanId"'],
      ['fan_blocked_messages', '"fanId"'],
    ]) {
      const [{ count }] = await dataSource.query(
        `SELECT count(*)::int AS count FROM ${table} WHERE ${column} = $1`,
        [me.userId],
      );
      expect(count).toBe(0);
    }
  });
});
