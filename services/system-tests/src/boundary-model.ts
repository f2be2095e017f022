import type { FakeChatRequest } from '@backtalk/testing';

/** What the scripted persona answers about its family: a reply that crosses a "my family" boundary. */
export const FAMILY_REPLY = 'My mom and dad run a little bakery, and my brother helps out on weekends.';
/** What it answers to anything else. */
export const ORDINARY_REPLY = 'Sourdough is my thing: feed the starter twice a day and be patient!';

/** Words that make a reply talk about a topic, for the scripted judge (a topic's own words count too). */
const TOPIC_WORDS: Record<string, string[]> = {
  'my family': ['family', 'mom', 'dad', 'brother', 'sister', 'parents'],
  politics: ['politics', 'election', 'president', 'vote'],
};

/**
 * A deterministic model for boundary tests, served by startFakeChatServer: as the persona it
 * answers a question about family with FAMILY_REPLY and anything else with ORDINARY_REPLY; as
 * the boundary judge (its prompt opens with BoundaryJudge's first line) it names the numbered
 * topics whose words the fenced reply contains, or `none`. `judge: 'broken'` makes it answer
 * the judge with something unreadable.
 */
export function boundaryModel(options: { judge?: 'scripted' | 'broken' } = {}) {
  return (request: FakeChatRequest): string => {
    const prompt = request.messages.at(-1)?.content ?? '';
    if (prompt.startsWith('You check one reply of a chat persona')) {
      if (options.judge === 'broken') return 'Well, it depends on how you look at it.';
      return judge(prompt);
    }
    return /famil|mom|dad|parents/i.test(prompt) ? FAMILY_REPLY : ORDINARY_REPLY;
  };
}

function judge(prompt: string): string {
  const reply = (/<reply>\n([\s\S]*)\n<\/reply>/.exec(prompt)?.[1] ?? '').toLowerCase();
  const crossed = [...prompt.matchAll(/^(\d+)\. (.+)$/gm)]
    .filter(([, , topic]) => {
      const words = TOPIC_WORDS[topic.toLowerCase()] ?? [topic.toLowerCase()];
      return words.some((word) => reply.includes(word));
    })
    .map(([, number]) => number);
  return crossed.length > 0 ? crossed.join(', ') : 'none';
}
