import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue, ForbiddenError } from '@backtalk/kit';
import { type PostDocument, PostRetriever, postEmbeddingText } from '@backtalk/ai';
import {
  DurableSubjects,
  INSIGHT_EXAMPLE_MIN_FANS,
  INSIGHT_WEEKS_DEFAULT,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
  isAdmin,
} from '@backtalk/proto';
import { CreatorCorpus } from '../persona/creator-corpus';
import {
  EXAMPLES_PER_TOPIC,
  answeredBy,
  assignTopic,
  rankTopics,
  termFrequency,
  trendOf,
  visibleExamples,
  weekOf,
  weeksEnding,
} from './insight-rules';
import { InsightsRepository, type Placement } from './insights.repository';
import { scrubPersonalData } from './scrub';
import { VideoTitles } from './video-titles';

const TOPICS_SHOWN = 20;
/** Titles the chat model writes per grouping run (the next run writes more). */
const TITLES_PER_RUN = 5;

/** A fan message and what retrieval found for it. */
export interface AskedQuestion {
  creatorId: string;
  fanId: string;
  text: string;
  /** What retrieval found for it. */
  posts: readonly PostDocument[];
  askedAt?: Date;
}

/**
 * Insights and video ideas (docs/insights.md): each fan question is stored scrubbed with whether
 * the creator's posts answered it; a durable job groups a creator's new questions into topics and
 * has the chat model title the unanswered ones; the creator reads the result (never on a page
 * load is anything grouped).
 */
@Injectable()
export class InsightsService {
  private readonly logger = new Logger(InsightsService.name);

  constructor(
    private readonly questions: InsightsRepository,
    private readonly queue: DurableQueue,
    private readonly corpus: CreatorCorpus,
    private readonly retriever: PostRetriever,
    private readonly titles: VideoTitles,
  ) {}

  /**
   * Stores the question and asks for its grouping; a failure is logged, never the fan's problem.
   * The send does not wait for it, and the scrub (a tagger pass, 0.3 – 0.4 ms for a short question)
   * waits for the send's synchronous work: the prompt's own reads and the model's request are not
   * held behind it.
   */
  async record(question: AskedQuestion): Promise<void> {
    try {
      const askedAt = question.askedAt ?? new Date();
      await new Promise<void>((resolve) => setImmediate(resolve));
      const text = scrubPersonalData(question.text);
      if (!text) return;
      const questionId = await this.questions.record({
        creatorId: question.creatorId,
        fanId: question.fanId,
        text,
        answered: answeredBy(
          question.text,
          question.posts.map((post) => postEmbeddingText(post)),
        ),
        week: weekOf(askedAt),
        askedAt,
      });
      await this.queue.publish(
        DurableSubjects.ChatInferenceFanQuestionRecorded,
        { creatorId: question.creatorId, questionId },
        { dedupeId: questionId },
      );
    } catch (error) {
      this.logger.warn(`A fan question for insights was not stored: ${(error as Error).message}`);
    }
  }

  /** The durable job: groups the creator's ungrouped questions, then titles new video ideas. */
  async group(creatorId: string): Promise<void> {
    while ((await this.questions.groupBatch(creatorId, (batch, topics) => this.place(batch, topics))) > 0);
    for (const idea of await this.questions.untitledIdeas(creatorId, TITLES_PER_RUN)) {
      const examples = await this.questions.examples([idea.topicId], EXAMPLES_PER_TOPIC, {
        unansweredOnly: true,
      });
      const title = await this.titles.suggest(idea.label, examples.get(idea.topicId) ?? []);
      await this.questions.setVideoTitle(idea.topicId, title);
    }
  }

  async forCreator({
    actor,
    creatorId,
    weeks: count = INSIGHT_WEEKS_DEFAULT,
  }: ParsedRequestOf<typeof Subjects.ChatCreatorInsightsGet>): Promise<
    ReplyOf<typeof Subjects.ChatCreatorInsightsGet>
  > {
    // The creator's user comes from creators (CREATOR_NOT_FOUND for an unknown creator).
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== actor.userId && !isAdmin(actor))
      throw new ForbiddenError('You can only see insights about your own persona.');
    const weeks = weeksEnding(new Date(), count);
    const from = weeks[0]!;
    const [perWeek, totals, pending] = await Promise.all([
      this.questions.questionsPerWeek(creatorId, from),
      this.questions.topicTotals(creatorId, from),
      this.questions.pending(creatorId),
    ]);
    const { topics, ideas } = rankTopics(totals, TOPICS_SHOWN);
    const shown = (list: readonly { topicId: string; fans: number }[]) =>
      list.filter((topic) => topic.fans >= INSIGHT_EXAMPLE_MIN_FANS);
    const [weekly, examples, ideaExamples] = await Promise.all([
      this.questions.topicWeeks(
        creatorId,
        from,
        topics.map((topic) => topic.topicId),
      ),
      this.questions.examples(
        shown(topics).map((topic) => topic.topicId),
        EXAMPLES_PER_TOPIC,
        { unansweredOnly: false },
      ),
      this.questions.examples(
        shown(ideas).map((topic) => topic.topicId),
        EXAMPLES_PER_TOPIC,
        { unansweredOnly: true },
      ),
    ]);
    const countsOf = (rows: { week: string; count: number }[]) => {
      const byWeek = new Map(rows.map((row) => [row.week, row.count]));
      return weeks.map((week) => ({ week, count: byWeek.get(week) ?? 0 }));
    };
    return {
      creatorId,
      weeks,
      questionsPerWeek: countsOf(perWeek),
      topics: topics.map((topic) => {
        const counts = countsOf(weekly.filter((row) => row.topicId === topic.topicId));
        return {
          id: topic.topicId,
          label: topic.label,
          questions: topic.questions,
          fans: topic.fans,
          weekly: counts,
          trend: trendOf(counts.map((week) => week.count)),
          examples: visibleExamples(topic.fans, examples.get(topic.topicId) ?? []),
        };
      }),
      videoIdeas: ideas.map((idea) => ({
        topicId: idea.topicId,
        label: idea.label,
        title: idea.videoTitle,
        fans: idea.fans,
        questions: idea.questions,
        examples: visibleExamples(idea.fans, ideaExamples.get(idea.topicId) ?? []),
      })),
      pending,
    };
  }

  /** Internal, for the weekly digest: top topics and titled video ideas of the last weeks. */
  async digest({
    creatorId,
    weeks,
    limit,
  }: ParsedRequestOf<typeof Subjects.ChatInsightsDigestGet>): Promise<
    ReplyOf<typeof Subjects.ChatInsightsDigestGet>
  > {
    const from = weeksEnding(new Date(), weeks)[0]!;
    const { topics, ideas } = rankTopics(await this.questions.topicTotals(creatorId, from), limit);
    return {
      topQuestions: topics.map(({ label, questions, fans }) => ({ label, questions, fans })),
      videoIdeas: ideas.flatMap(({ videoTitle, label, fans }) =>
        videoTitle ? [{ title: videoTitle, label, fans }] : [],
      ),
    };
  }

  private async place(
    batch: { id: string; text: string }[],
    topics: Parameters<typeof assignTopic>[2],
  ): Promise<Placement[]> {
    const placements: Placement[] = [];
    const known = [...topics];
    const frequency = termFrequency(batch.map((question) => question.text));
    for (const question of batch) {
      // Dense where an embedding model is configured (and answers); lexical key phrases otherwise.
      const embedding = await this.retriever.embedQuery(question.text);
      const assignment = assignTopic(question.text, embedding, known, frequency);
      if (!assignment) continue;
      if (!('topicId' in assignment) && !known.some((topic) => topic.key === assignment.key))
        known.push({
          id: `new:${assignment.key}`,
          key: assignment.key,
          size: 0,
          centroid: embedding ?? null,
        });
      placements.push({
        questionId: question.id,
        assignment:
          'topicId' in assignment && assignment.topicId.startsWith('new:')
            ? { key: assignment.topicId.slice(4), label: labelOf(placements, assignment.topicId.slice(4)) }
            : assignment,
        ...(embedding ? { embedding } : {}),
      });
    }
    return placements;
  }
}

/** The label a batch gave a topic it created. */
function labelOf(placements: readonly Placement[], key: string): string {
  for (const { assignment } of placements)
    if (!('topicId' in assignment) && assignment.key === key) return assignment.label;
  return key;
}
