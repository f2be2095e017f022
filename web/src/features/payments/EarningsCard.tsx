import styles from './payments.module.css';
import { countOf } from '../../formatting/plural';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type Earnings, useEarningsQuery } from '../../api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';

export const EARNINGS_EMPTY_TEXT =
  'No fans yet. Once fans chat with your persona and subscribe, your subscribers, revenue and funnel appear here.';
export const FUNNEL_STAGES = ['Fans', 'Reached the free limit', 'Subscribed', 'Cancelled'] as const;

const PRIMARY = '#6d28d9';
const ACCENT = '#ec4899';
const MUTED = '#c4b5fd';
const AXIS = { fontSize: 12, fill: '#625f73' };
// Drawn at once: a growing line in a screenshot (or for someone who prefers less motion) misleads.

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const weekLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const share = (part: number, whole: number, of: string) =>
  whole > 0 ? ` (${Math.round((part / whole) * 100)}% of ${of})` : '';

/**
 * Earnings on `/creator/payments` (issue 11 item 5): subscribers and revenue by week and the funnel
 * fans → reached the free-tier limit → subscribed → cancelled, from billing's and chat-inference's
 * own records (docs/billing.md, "Earnings and funnel").
 */
export function EarningsCard({ userId }: { userId: string }) {
  const earnings = useEarningsQuery(userId);
  return (
    <section className={styles['card']} aria-labelledby="earnings-title">
      <h2 id="earnings-title" className={styles['card__title']}>
        Earnings
      </h2>
      {earnings.isPending ? <Spinner size={24} label="Loading your earnings" /> : null}
      {earnings.isError ? (
        <div className={styles['card__actions']}>
          <p className={styles['error']} role="alert">
            Could not load your earnings: {earnings.error.message}
          </p>
          <Button variant="secondary" onClick={() => void earnings.refetch()} pending={earnings.isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
      {earnings.data ? <EarningsFigures earnings={earnings.data} /> : null}
    </section>
  );
}

function EarningsFigures({ earnings }: { earnings: Earnings }) {
  const { weeks, funnel } = earnings;
  const nothing =
    Object.values(funnel).every((count) => count === 0) &&
    weeks.every((week) => week.subscribers === 0 && week.grossRevenue === 0);
  if (nothing) return <p className={styles['card__text']}>{EARNINGS_EMPTY_TEXT}</p>;

  const rows = weeks.map((week) => ({
    week: weekLabel(week.weekStart),
    subscribers: week.subscribers,
    newSubscribers: week.newSubscribers,
    yourShare: week.creatorRevenue / 100,
    platformFee: (week.grossRevenue - week.creatorRevenue) / 100,
  }));
  const current = weeks.at(-1)?.subscribers ?? 0;
  const earned = weeks.reduce((sum, week) => sum + week.creatorRevenue, 0);
  const stages = [funnel.fans, funnel.reachedLimit, funnel.subscribed, funnel.cancelled].map(
    (count, index) => ({ stage: FUNNEL_STAGES[index]!, count }),
  );
  return (
    <>
      <dl className={styles['totals']}>
        <div>
          <dt>Subscribers now</dt>
          <dd>{current}</dd>
        </div>
        <div>
          <dt>You earned in {countOf(weeks.length, { one: 'week', other: 'weeks' })}</dt>
          <dd>{dollars(earned)}</dd>
        </div>
      </dl>

      <figure className={styles['chart']}>
        <figcaption className={styles['chart__caption']}>Subscribers by week</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid stroke="#eeeaf7" vertical={false} />
            <XAxis dataKey="week" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              isAnimationActive={false}
              dataKey="newSubscribers"
              name="New subscribers"
              fill={MUTED}
              radius={[4, 4, 0, 0]}
            />
            <Line
              isAnimationActive={false}
              dataKey="subscribers"
              name="Subscribers"
              stroke={PRIMARY}
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>

      <figure className={styles['chart']}>
        <figcaption className={styles['chart__caption']}>Revenue by week (USD)</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#eeeaf7" vertical={false} />
            <XAxis dataKey="week" tick={AXIS} interval="preserveStartEnd" minTickGap={12} />
            <YAxis tick={AXIS} tickFormatter={(value: number) => `$${value}`} />
            <Tooltip formatter={(value) => `$${Number(value).toFixed(2)}`} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              isAnimationActive={false}
              dataKey="yourShare"
              name="Your share"
              stackId="paid"
              fill={PRIMARY}
            />
            <Bar
              isAnimationActive={false}
              dataKey="platformFee"
              name="Platform fee"
              stackId="paid"
              fill={ACCENT}
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </figure>

      <figure className={styles['chart']}>
        <figcaption className={styles['chart__caption']}>Funnel, since you joined</figcaption>
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={stages} layout="vertical" margin={{ top: 0, right: 36, bottom: 0, left: 8 }}>
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis type="category" dataKey="stage" width={112} tick={AXIS} />
            <Tooltip />
            <Bar isAnimationActive={false} dataKey="count" name="People" fill={PRIMARY} radius={[0, 4, 4, 0]}>
              <LabelList dataKey="count" position="right" style={{ fontSize: 12, fill: '#17151f' }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
        <ol className={styles['funnel']} aria-label="Funnel">
          {stages.map(({ stage, count }, index) => (
            <li key={stage}>
              {stage}: <strong>{count}</strong>
              {index === 1 || index === 2 ? share(count, funnel.fans, 'fans') : ''}
              {index === 3 ? share(count, funnel.subscribed, 'subscribers') : ''}
            </li>
          ))}
        </ol>
      </figure>
    </>
  );
}
