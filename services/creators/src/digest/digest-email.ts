import type { BillingWeekFigures, ChatWeekFigures } from '@backtalk/proto';

export interface DigestInsights {
  topQuestions: { label: string; questions: number; fans: number }[];
  videoIdeas: { title: string; label: string; fans: number }[];
}

export interface DigestContent {
  creatorName: string;
  week: { from: Date; to: Date };
  billing: BillingWeekFigures;
  chat: ChatWeekFigures;
  /** Null when chat-inference could not answer them: the section says so instead. */
  insights: DigestInsights | null;
  /** The public address links point to (no trailing slash). */
  origin: string;
  unsubscribeToken: string;
}

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;
const day = (date: Date): string =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The weekly digest (docs/creators.md, "Weekly digest"), plain text so it reads the same in every
 * client: subscribers, earnings, chats, what fans asked and the video ideas they leave, reports about
 * the persona, then where to turn it off. Figures only, never a fan's name or words beyond the
 * grouped topics chat-inference already anonymised.
 */
export function digestEmail(content: DigestContent): { subject: string; text: string } {
  const { billing, chat, insights, origin } = content;
  const lastDay = new Date(content.week.to.getTime() - 1);
  const lines = [
    `Hi ${content.creatorName}, here is your Backtalk week: ${day(content.week.from)} – ${day(lastDay)} (UTC).`,
    '',
    'Subscribers',
    `- New subscribers: ${billing.newSubscribers}`,
    `- Cancellations: ${billing.cancellations}`,
    `- Subscribers at the end of the week: ${billing.subscribers}`,
    '',
    'Earnings',
    `- Fans paid: ${dollars(billing.grossRevenue)}`,
    `- Your share after the platform fee: ${dollars(billing.creatorRevenue)}`,
    '',
    'Chats',
    `- ${plural(chat.fans, 'fan')} sent your persona ${plural(chat.messages, 'message')}.`,
    '',
    'What fans asked most',
    ...(insights === null
      ? ['- Topics could not be read this week; see them on your Insights page.']
      : insights.topQuestions.length === 0
        ? ['- No topic yet: a topic appears once at least 3 different fans ask about it.']
        : insights.topQuestions.map(
            (topic) =>
              `- ${topic.label}: ${plural(topic.questions, 'question')} from ${plural(topic.fans, 'fan')}`,
          )),
    '',
    'Video ideas (questions your posts do not answer yet)',
    ...(insights === null
      ? ['- See them on your Insights page.']
      : insights.videoIdeas.length === 0
        ? ['- None this week: your posts answered what fans asked.']
        : insights.videoIdeas.map((idea) => `- ${idea.title} (asked by ${plural(idea.fans, 'fan')})`)),
    '',
    'Reports about your persona',
    chat.reports === 0
      ? '- No fan reported a reply this week.'
      : `- Fans reported ${plural(chat.reports, 'reply', 'replies')} this week. Read them in your studio's Safety page.`,
    '',
    `Your studio: ${origin}/creator`,
    '',
    `You get this email every Monday. To stop it, open ${origin}/digest/unsubscribe?token=${content.unsubscribeToken} (no sign-in needed), or turn off "Weekly digest" on ${origin}/creator/payments.`,
  ];
  return {
    subject: `Your Backtalk week: ${plural(billing.newSubscribers, 'new subscriber')}, ${dollars(billing.creatorRevenue)} earned`,
    text: lines.join('\n'),
  };
}
