import type { FakeChatRequest } from '@backtalk/testing';
import type { HttpCall } from './gateway-http';

/**
 * A new guest fan (through the API) opens a chat with the creator and asks each question in turn,
 * reading each reply to its end: how the studio tests seed what fans ask.
 */
export async function askAsGuest(
  origin: string,
  call: HttpCall,
  creatorId: string,
  questions: string[],
): Promise<void> {
  const token = (await call('/api/auth/guest', { body: {} })).body.tokens.accessToken as string;
  const conversationId = (await call('/api/conversations', { body: { creatorId }, token })).body.id as string;
  for (const text of questions) {
    const response = await fetch(`${origin}/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: [{ text }] }),
    });
    if (response.status !== 200) throw new Error(`a fan's question was refused: ${response.status}`);
    await response.text();
  }
}

/**
 * The persona answers from its prompt: a corrected answer word for word, a note's text prefixed
 * with 'Yes! ', or `otherwise(request)`.
 */
export function knowledgeAnswer(
  request: FakeChatRequest,
  otherwise: (request: FakeChatRequest) => string,
): string {
  const system = request.messages[0]?.content ?? '';
  const answer = /<answer>\nQuestion: [^\n]*\nAnswer: ([\s\S]*?)\n<\/answer>/.exec(system)?.[1];
  if (answer) return answer;
  const note = /<note>\n[^\n]*\n([\s\S]*?)\n<\/note>/.exec(system)?.[1];
  if (note) return `Yes! ${note}`;
  return otherwise(request);
}
