import { Link } from 'react-router-dom';
import type { CreatorInsights, InsightTopic, VideoIdea } from '../../../api/insights.api';
import { useCreatorInsightsQuery } from '../../../api/insights.queries';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { LoadFailedBanner } from '../../admin/reports/LoadFailedBanner';
import { useMyCreatorQuery } from '../useCreatorQueries';
import styles from './insights.module.css';
import { videoIdeasCsv } from './video-ideas-csv';

export const INSIGHTS_TEXT = {
  title: 'Insights',
  hint: 'What your fans ask your persona, grouped into topics. You never see who asked: example questions show only once at least 3 different fans asked about a topic, with personal details removed.',
  loadFailed: 'Failed to fetch insights',
  empty: 'No fan questions yet. When fans ask your persona something, their topics show here.',
  ideasHint: 'Questions your posts do not answer yet, most fans first: your next videos.',
  ideasEmpty: 'No video ideas yet: your posts answered every question so far.',
  fewFans: 'Examples show once 3 different fans asked.',
  export: 'Export CSV',
} as const;

const WEEKS = 8;
const TREND = {
  up: { arrow: '↑', label: 'Up from last week' },
  down: { arrow: '↓', label: 'Down from last week' },
  flat: { arrow: '→', label: 'Same as last week' },
  new: { arrow: '★', label: 'New this week' },
} as const;

/** /creator/insights: topics of fans' questions, weekly counts and video ideas (docs/insights.md). */
export function CreatorInsightsPage() {
  const creator = useMyCreatorQuery();
  const creatorId = creator.data?.id ?? null;
  const insights = useCreatorInsightsQuery(creatorId, WEEKS);
  const data = insights.data;
  const empty = data !== undefined && data.topics.length === 0 && data.pending === 0;
  return (
    <section className={`page ${styles['page']}`}>
      <h1>{INSIGHTS_TEXT.title}</h1>
      <p className={styles['meta']}>{INSIGHTS_TEXT.hint}</p>
      {creator.isPending || (creatorId && insights.isPending) ? <Spinner label="Loading insights" /> : null}
      {insights.isError ? (
        <LoadFailedBanner message={INSIGHTS_TEXT.loadFailed} onRetry={() => void insights.refetch()} />
      ) : null}
      {empty ? <p className={styles['meta']}>{INSIGHTS_TEXT.empty}</p> : null}
      {data && !empty ? (
        <>
          {data.pending > 0 ? (
            <p role="status" className={styles['meta']}>
              {data.pending === 1 ? '1 new question is' : `${data.pending} new questions are`} being grouped.
            </p>
          ) : null}
          <WeeklyChart weeks={data.questionsPerWeek} />
          <h2>Topics</h2>
          <ul className={styles['list']} aria-label="Topics fans ask about">
            {data.topics.map((topic) => (
              <TopicCard key={topic.id} topic={topic} />
            ))}
          </ul>
          <VideoIdeas ideas={data.videoIdeas} />
        </>
      ) : null}
    </section>
  );
}

function WeeklyChart({ weeks }: { weeks: CreatorInsights['questionsPerWeek'] }) {
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const summary = weeks.map((week) => `week of ${week.week}: ${week.count}`).join(', ');
  return (
    <figure className={styles['chart']}>
      <figcaption>Questions per week</figcaption>
      <svg
        viewBox={`0 0 ${weeks.length * 40} 120`}
        role="img"
        aria-label={`Questions per week, ${summary}`}
        preserveAspectRatio="none"
        data-testid="questions-chart"
      >
        {weeks.map((week, i) => {
          const height = Math.round((week.count / max) * 100);
          return (
            <g key={week.week}>
              <title>{`Week of ${week.week}: ${week.count}`}</title>
              <rect x={i * 40 + 6} y={110 - height} width={28} height={height} className={styles['bar']} />
            </g>
          );
        })}
      </svg>
      <ol className={styles['axis']} aria-hidden="true">
        {weeks.map((week) => (
          <li key={week.week}>
            <strong>{week.count}</strong>
            <span>{week.week.slice(5)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function TopicCard({ topic }: { topic: InsightTopic }) {
  const trend = TREND[topic.trend];
  return (
    <li className={styles['card']} data-testid="insight-topic">
      <div className={styles['card__head']}>
        <h3 className={styles['card__title']}>{topic.label}</h3>
        <span className={`${styles['trend']} ${styles[`trend--${topic.trend}`]}`} title={trend.label}>
          <span aria-hidden="true">{trend.arrow}</span>
          <span className="visually-hidden">{trend.label}</span>
        </span>
        <span className={styles['meta']}>
          {topic.questions} {topic.questions === 1 ? 'question' : 'questions'} · {topic.fans}{' '}
          {topic.fans === 1 ? 'fan' : 'fans'}
        </span>
      </div>
      <p className={styles['weekly']} aria-label="Questions per week, oldest first">
        {topic.weekly.map((week) => week.count).join(' · ')}
      </p>
      <Examples examples={topic.examples} />
    </li>
  );
}

function Examples({ examples }: { examples: readonly string[] }) {
  if (examples.length === 0) return <p className={styles['meta']}>{INSIGHTS_TEXT.fewFans}</p>;
  return (
    <ul className={styles['examples']} aria-label="Example questions">
      {examples.map((example) => (
        <li key={example}>
          <q>{example}</q>{' '}
          <Link to={`/creator/knowledge?correct=${encodeURIComponent(example)}`}>Correct this</Link>
        </li>
      ))}
    </ul>
  );
}

function VideoIdeas({ ideas }: { ideas: readonly VideoIdea[] }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([videoIdeasCsv(ideas)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'video-ideas.csv';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <div className={styles['ideas__head']}>
        <h2>Video ideas</h2>
        {ideas.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={download}>
            {INSIGHTS_TEXT.export}
          </Button>
        ) : null}
      </div>
      <p className={styles['meta']}>{INSIGHTS_TEXT.ideasHint}</p>
      {ideas.length === 0 ? <p className={styles['meta']}>{INSIGHTS_TEXT.ideasEmpty}</p> : null}
      <ol className={styles['list']} aria-label="Video ideas">
        {ideas.map((idea) => (
          <li key={idea.topicId} className={styles['card']} data-testid="video-idea">
            <div className={styles['card__head']}>
              <h3 className={styles['card__title']}>{idea.title ?? `Questions about ${idea.label}`}</h3>
              <span className={styles['meta']}>
                {idea.fans} {idea.fans === 1 ? 'fan' : 'fans'} asked · topic: {idea.label}
              </span>
            </div>
            <Examples examples={idea.examples} />
          </li>
        ))}
      </ol>
    </>
  );
}
