import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Assignment, movedCentroid, type TopicRef, type TopicTotalsRow } from './insight-rules';

export interface NewQuestion {
  creatorId: string;
  fanId: string;
  text: string;
  answered: boolean;
  week: string;
  askedAt: Date;
}

export interface UngroupedQuestion {
  id: string;
  text: string;
}

/** How the grouping job placed one question; `embedding` moves the topic's centroid. */
export interface Placement {
  questionId: string;
  assignment: Assignment;
  embedding?: number[];
}

interface WeekCount {
  week: string;
  count: number;
}

/** The newest questions of a topic that its examples are chosen from. */
const EXAMPLE_CANDIDATES = 50;
/** Questions grouped per run (the job loops until none are left). */
const GROUPING_BATCH = 200;

/** Fan questions and their topics (docs/insights.md); the only code that touches those tables. */
@Injectable()
export class InsightsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(question: NewQuestion): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO fan_questions (id, "creatorId", "fanId", text, answered, week, "askedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        question.creatorId,
        question.fanId,
        question.text,
        question.answered,
        question.week,
        question.askedAt,
      ],
    );
    return id;
  }

  /**
   * One batch of the creator's ungrouped questions placed by `place`, under a per-creator lock so
   * two replicas never group the same questions or create the same topic twice. Returns how many
   * were placed (0: nothing was left).
   */
  async groupBatch(
    creatorId: string,
    place: (questions: UngroupedQuestion[], topics: TopicRef[]) => Promise<Placement[]>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`insights:${creatorId}`]);
      const questions = (await manager.query(
        `SELECT id, text FROM fan_questions WHERE "creatorId" = $1 AND "topicId" IS NULL
         ORDER BY "askedAt" LIMIT $2`,
        [creatorId, GROUPING_BATCH],
      )) as UngroupedQuestion[];
      if (questions.length === 0) return 0;
      const topics = await this.topicsOf(manager, creatorId);
      const placements = await place(questions, topics);
      const byId = new Map(topics.map((topic) => [topic.id, topic]));
      const byKey = new Map(topics.map((topic) => [topic.key, topic]));
      for (const { questionId, assignment, embedding } of placements) {
        let topic: TopicRef;
        if ('topicId' in assignment) {
          topic = byId.get(assignment.topicId)!;
        } else {
          topic = byKey.get(assignment.key) ?? {
            id: randomUUID(),
            key: assignment.key,
            size: 0,
            centroid: null,
          };
          if (!byId.has(topic.id)) {
            await manager.query(
              `INSERT INTO question_topics (id, "creatorId", key, label, size) VALUES ($1, $2, $3, $4, 0)`,
              [topic.id, creatorId, assignment.key, assignment.label],
            );
            byId.set(topic.id, topic);
            byKey.set(topic.key, topic);
            topics.push(topic);
          }
        }
        if (embedding) topic.centroid = movedCentroid(topic.centroid, topic.size, embedding);
        topic.size += 1;
        await manager.query(`UPDATE fan_questions SET "topicId" = $2 WHERE id = $1`, [questionId, topic.id]);
      }
      // Questions with no key term at all ("hi?") join no topic: they are marked as seen.
      const placed = new Set(placements.map((placement) => placement.questionId));
      const unplaceable = questions.filter((question) => !placed.has(question.id)).map(({ id }) => id);
      if (unplaceable.length > 0) await this.markUnplaceable(manager, creatorId, unplaceable);
      for (const topic of byId.values())
        await manager.query(`UPDATE question_topics SET size = $2, centroid = $3 WHERE id = $1`, [
          topic.id,
          topic.size,
          topic.centroid,
        ]);
      return questions.length;
    });
  }

  /** Topics with unanswered questions and no suggested title yet, most fans first. */
  async untitledIdeas(creatorId: string, limit: number): Promise<{ topicId: string; label: string }[]> {
    return (await this.dataSource.query(
      `SELECT t.id AS "topicId", t.label FROM question_topics t
       JOIN fan_questions q ON q."topicId" = t.id AND NOT q.answered
       WHERE t."creatorId" = $1 AND t."videoTitle" IS NULL AND t.key <> ''
       GROUP BY t.id ORDER BY count(DISTINCT q."fanId") DESC, t.id LIMIT $2`,
      [creatorId, limit],
    )) as { topicId: string; label: string }[];
  }

  async setVideoTitle(topicId: string, title: string): Promise<void> {
    await this.dataSource.query(`UPDATE question_topics SET "videoTitle" = $2 WHERE id = $1`, [
      topicId,
      title,
    ]);
  }

  /** All questions per week from `fromWeek` on. */
  async questionsPerWeek(creatorId: string, fromWeek: string): Promise<WeekCount[]> {
    return (await this.dataSource.query(
      `SELECT to_char(week, 'YYYY-MM-DD') AS week, count(*)::int AS count FROM fan_questions
       WHERE "creatorId" = $1 AND week >= $2 GROUP BY week`,
      [creatorId, fromWeek],
    )) as WeekCount[];
  }

  /**
   * Every topic asked about from `fromWeek` on: its questions and different fans, all and only
   * unanswered. One pass: per topic and fan first, so no count(DISTINCT) sort is needed.
   */
  async topicTotals(creatorId: string, fromWeek: string): Promise<TopicTotalsRow[]> {
    return (await this.dataSource.query(
      `SELECT c."topicId", t.label, t."videoTitle", c.questions, c.fans, c.unanswered, c."unansweredFans" FROM (
         SELECT "topicId", sum(n)::int AS questions, count(*)::int AS fans,
                sum(u)::int AS unanswered, (count(*) FILTER (WHERE u > 0))::int AS "unansweredFans"
         FROM (
           SELECT "topicId", "fanId", count(*) AS n, count(*) FILTER (WHERE NOT answered) AS u
           FROM fan_questions
           WHERE "creatorId" = $1 AND week >= $2 AND "topicId" IS NOT NULL
           GROUP BY "topicId", "fanId"
         ) per_fan
         GROUP BY "topicId"
       ) c JOIN question_topics t ON t.id = c."topicId" AND t.key <> ''`,
      [creatorId, fromWeek],
    )) as TopicTotalsRow[];
  }

  /** Per topic and week, from `fromWeek` on, for these topics. */
  async topicWeeks(
    creatorId: string,
    fromWeek: string,
    topicIds: readonly string[],
  ): Promise<{ topicId: string; week: string; count: number }[]> {
    if (topicIds.length === 0) return [];
    return (await this.dataSource.query(
      `SELECT "topicId", to_char(week, 'YYYY-MM-DD') AS week, count(*)::int AS count FROM fan_questions
       WHERE "creatorId" = $1 AND week >= $2 AND "topicId" = ANY($3::uuid[]) GROUP BY "topicId", week`,
      [creatorId, fromWeek, topicIds],
    )) as { topicId: string; week: string; count: number }[];
  }

  /**
   * Up to `perTopic` example questions per topic, newest first, one per fan: picked from each
   * topic's newest EXAMPLE_CANDIDATES questions (an index range each, however large the topic).
   */
  async examples(
    topicIds: readonly string[],
    perTopic: number,
    options: { unansweredOnly: boolean },
  ): Promise<Map<string, string[]>> {
    const examples = new Map<string, string[]>();
    if (topicIds.length === 0) return examples;
    const rows = (await this.dataSource.query(
      `SELECT t.id AS "topicId", q.text, q."fanId" FROM unnest($1::uuid[]) AS t(id)
       CROSS JOIN LATERAL (
         SELECT text, "fanId" FROM fan_questions
         WHERE "topicId" = t.id ${options.unansweredOnly ? 'AND NOT answered' : ''}
         ORDER BY "askedAt" DESC LIMIT $2
       ) q`,
      [topicIds, EXAMPLE_CANDIDATES],
    )) as { topicId: string; text: string; fanId: string }[];
    const fansSeen = new Map<string, Set<string>>();
    for (const { topicId, text, fanId } of rows) {
      const fans = fansSeen.get(topicId) ?? new Set<string>();
      const chosen = examples.get(topicId) ?? [];
      if (fans.has(fanId) || chosen.length >= perTopic || chosen.includes(text)) continue;
      fans.add(fanId);
      fansSeen.set(topicId, fans);
      examples.set(topicId, [...chosen, text]);
    }
    return examples;
  }

  async pending(creatorId: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS pending FROM fan_questions WHERE "creatorId" = $1 AND "topicId" IS NULL`,
      [creatorId],
    )) as { pending: number }[];
    return row?.pending ?? 0;
  }

  /** A deleted creator's questions and topics. */
  async eraseCreator(creatorId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM fan_questions WHERE "creatorId" = $1`, [creatorId]);
      await manager.query(`DELETE FROM question_topics WHERE "creatorId" = $1`, [creatorId]);
    });
  }

  private async topicsOf(manager: EntityManager, creatorId: string): Promise<TopicRef[]> {
    return (await manager.query(
      `SELECT id, key, size, centroid FROM question_topics WHERE "creatorId" = $1 AND key <> ''`,
      [creatorId],
    )) as TopicRef[];
  }

  /** Questions no topic can hold go to the creator's unnamed topic (key ''), never shown. */
  private async markUnplaceable(manager: EntityManager, creatorId: string, ids: string[]): Promise<void> {
    const [row] = (await manager.query(
      `INSERT INTO question_topics (id, "creatorId", key, label, size) VALUES ($1, $2, '', '', 0)
       ON CONFLICT ("creatorId", key) DO UPDATE SET key = EXCLUDED.key RETURNING id`,
      [randomUUID(), creatorId],
    )) as { id: string }[];
    await manager.query(`UPDATE fan_questions SET "topicId" = $2 WHERE id = ANY($1::uuid[])`, [ids, row!.id]);
  }
}
