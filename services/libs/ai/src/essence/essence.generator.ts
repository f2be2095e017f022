import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';

/** What the essence is generated from: the profile and the creator's own posts. */
export interface EssenceSource {
  handle: string;
  nickName: string;
  bio: string;
  posts: readonly { desc: string; transcript: string }[];
}

/** The longest essence kept (the creators service accepts 8000 characters). */
export const ESSENCE_MAX_LENGTH = 4000;
/** Posts given to the model, newest first, and the characters of each. */
const MAX_POSTS = 30;
const MAX_POST_CHARS = 400;
/** All posts together, so the prompt fits a small model's context (2048 tokens) with room to reply. */
const MAX_POSTS_CHARS = 2000;

export class EssenceGenerationError extends Error {
  override readonly name = 'EssenceGenerationError';
}

/**
 * The messages asking the model for a persona's "essence" (spec §7 testEssenceGenerationFunc):
 * a second-person description of who the creator is, how they talk and what they care about,
 * written only from their bio and posts. Posts are cut to fit a small context.
 */
export function essenceMessages(source: EssenceSource): [SystemMessage, HumanMessage] {
  const lines: string[] = [];
  let used = 0;
  for (const [index, post] of source.posts.slice(0, MAX_POSTS).entries()) {
    const text = [post.desc.trim(), post.transcript.trim()].filter(Boolean).join(' — ');
    const line = `${index + 1}. ${clip(text, MAX_POST_CHARS)}`;
    if (used + line.length > MAX_POSTS_CHARS && lines.length > 0) break;
    lines.push(line);
    used += line.length + 1;
  }
  const posts = lines.join('\n');
  return [
    new SystemMessage(
      'You write the persona description an AI uses to chat as a short-video creator. Write in the second ' +
        'person ("You are ..."), in one or two paragraphs: who the creator is, their topics, how they talk ' +
        '(tone, catchphrases, humour), what they value and what they never do. Use only what the bio and ' +
        'the posts show; never invent facts, numbers or events.',
    ),
    new HumanMessage(
      `Creator: ${source.nickName || source.handle} (@${source.handle})\n` +
        `Bio: ${clip(source.bio.trim(), 500) || '(empty)'}\n` +
        `Posts, newest first:\n${posts || '(none)'}\n\n` +
        'Write the persona description now.',
    ),
  ];
}

/**
 * Generates the essence with the configured chat model. The reply is trimmed and cut at a
 * sentence end within ESSENCE_MAX_LENGTH; an empty reply is an error (the step can be retried),
 * never an empty persona.
 */
export async function generateEssence(model: BaseChatModel, source: EssenceSource): Promise<string> {
  const reply = await model.invoke(essenceMessages(source));
  const text = tidy(typeof reply.content === 'string' ? reply.content : reply.text);
  if (!text) throw new EssenceGenerationError('The language model wrote no persona description.');
  return text;
}

function tidy(text: string): string {
  const flat = text.replace(/\u0000/g, '').trim();
  if (flat.length <= ESSENCE_MAX_LENGTH) return flat;
  const cut = flat.slice(0, ESSENCE_MAX_LENGTH);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return (end > ESSENCE_MAX_LENGTH / 2 ? cut.slice(0, end + 1) : cut).trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
