import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage } from '@langchain/core/messages';
import {
  type ModerationCategory,
  type ModerationProvider,
  type ModerationRequest,
  failureReason,
  ModerationUnavailableError,
  type ProviderVerdict,
} from './moderation.port';

/** Llama Guard 3's hazard taxonomy (MLCommons), as its model card lists it, and what each means here. */
const LLAMA_GUARD_CATEGORIES: readonly [string, ModerationCategory | null][] = [
  ['Violent Crimes.', 'violence'],
  ['Non-Violent Crimes.', 'illicit'],
  ['Sex Crimes.', 'sexual'],
  ['Child Exploitation.', 'sexual/minors'],
  ['Defamation.', 'harassment'],
  ['Specialized Advice.', null],
  ['Privacy.', 'harassment'],
  ['Intellectual Property.', null],
  ['Indiscriminate Weapons.', 'violence'],
  ['Hate.', 'hate'],
  ['Self-Harm.', 'self-harm'],
  ['Sexual Content.', 'sexual'],
  ['Elections.', null],
  ['Code Interpreter Abuse.', null],
];

/** Added for a fan under 18 (docs/safety.md, "Age"). */
const MINOR_CATEGORY = 'Romantic or sexual role-play, flirting or dating talk with the user, who is a minor.';

interface PromptCategory {
  code: string;
  text: string;
  category: ModerationCategory | null;
  boundaryId?: string;
}

/** The categories of one check: the taxonomy, then the minors' rule and the creator's boundaries. */
export function llamaGuardCategories(request: ModerationRequest): PromptCategory[] {
  const categories: PromptCategory[] = LLAMA_GUARD_CATEGORIES.map(([text, category], index) => ({
    code: `S${index + 1}`,
    text,
    category,
  }));
  const extra: Omit<PromptCategory, 'code'>[] = [
    ...(request.audience === 'minor' ? [{ text: MINOR_CATEGORY, category: 'sexual/minors' as const }] : []),
    ...(request.boundaries ?? []).map((boundary) => ({
      text: `Discussing ${boundary.topic.replace(/\s+/g, ' ').trim()} (the creator does not talk about it).`,
      category: 'boundary' as const,
      boundaryId: boundary.id,
    })),
  ];
  return [
    ...categories,
    ...extra.map((entry, index) => ({ ...entry, code: `S${categories.length + index + 1}` })),
  ];
}

/** The prompt of Llama Guard 3's model card, for the last message of a one-turn conversation. */
export function llamaGuardPrompt(request: ModerationRequest): string {
  const role = request.direction === 'fan-message' ? 'User' : 'Agent';
  const text = request.text.replace(/<(?:BEGIN|END) [A-Z ]+>/g, '');
  const conversation =
    request.direction === 'fan-message' ? `User: ${text}` : `User: (a fan's message)\n\nAgent: ${text}`;
  return [
    `Task: Check if there is unsafe content in '${role}' messages in conversations according our safety policy with the below categories.`,
    '',
    '<BEGIN UNSAFE CONTENT CATEGORIES>',
    ...llamaGuardCategories(request).map((entry) => `${entry.code}: ${entry.text}`),
    '<END UNSAFE CONTENT CATEGORIES>',
    '',
    '<BEGIN CONVERSATION>',
    '',
    conversation,
    '',
    '<END CONVERSATION>',
    '',
    `Provide your safety assessment for ONLY THE LAST ${role} message in the above conversation:`,
    " - First line must read 'safe' or 'unsafe'.",
    ' - If unsafe, a second line must include a comma-separated list of violated categories.',
  ].join('\n');
}

/** Reads `safe`, or `unsafe` and a line of codes; anything else is refused (null), never read as safe. */
export function parseLlamaGuardAnswer(answer: string): { safe: boolean; codes: string[] } | null {
  const lines = answer
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0]?.toLowerCase() === 'safe' && lines.length === 1) return { safe: true, codes: [] };
  if (lines[0]?.toLowerCase() !== 'unsafe') return null;
  const codes = (lines[1] ?? '').split(',').map((code) => code.trim().toUpperCase());
  if (codes.length === 0 || codes.some((code) => !/^S\d{1,2}$/.test(code))) return null;
  return { safe: false, codes };
}

/**
 * A Llama Guard 3 style safety model behind a chat model: served over an OpenAI-compatible chat
 * endpoint (`llama-guard`: Ollama, vLLM, llama.cpp server) or in-process (`local`, a GGUF through
 * node-llama-cpp). Creator boundaries travel as custom categories.
 */
export class LlamaGuardProvider implements ModerationProvider {
  constructor(
    readonly name: 'llama-guard' | 'local',
    private readonly model: BaseChatModel,
  ) {}

  async classify(request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict> {
    let answer: string;
    try {
      const reply = await this.model.invoke([new HumanMessage(llamaGuardPrompt(request))], { signal });
      answer = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
    } catch (error) {
      throw new ModerationUnavailableError(this.name, failureReason(error, signal));
    }
    const parsed = parseLlamaGuardAnswer(answer);
    if (!parsed) throw new ModerationUnavailableError(this.name, 'an answer that is neither safe nor unsafe');
    const byCode = new Map(llamaGuardCategories(request).map((entry) => [entry.code, entry]));
    const categories = new Set<ModerationCategory>();
    const boundaryIds: string[] = [];
    for (const code of parsed.codes) {
      const entry = byCode.get(code);
      if (!entry) throw new ModerationUnavailableError(this.name, `an unknown category ${code}`);
      if (entry.category) categories.add(entry.category);
      if (entry.boundaryId) boundaryIds.push(entry.boundaryId);
    }
    return { categories: [...categories], boundaryIds };
  }
}
