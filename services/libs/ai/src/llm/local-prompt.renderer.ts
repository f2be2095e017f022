import type { BaseMessage } from '@langchain/core/messages';
import type { ChatHistoryItem, ChatWrapper, LlamaModel, LlamaText, Token } from 'node-llama-cpp' with {
  'resolution-mode': 'import',
};
import { loadNodeLlamaCpp } from './node-llama-cpp.loader';

/** `auto`: the model's own chat template when its GGUF has one, else a plain transcript. A string is a Jinja template to use instead. */
export type ChatTemplateOption = 'auto' | 'transcript' | (string & {});

export interface RenderedPrompt {
  tokens: Token[];
  stopTriggers: Array<string | LlamaText>;
  format: 'template' | 'transcript';
}

interface Turn {
  role: 'system' | 'user' | 'assistant';
  text: string;
}

const TRANSCRIPT_LABEL: Record<Turn['role'], string> = {
  system: 'System',
  user: 'User',
  assistant: 'Assistant',
};
const TRANSCRIPT_STOPS = ['\nUser:', '\nAssistant:', '\nSystem:'];

export async function renderPrompt(
  model: LlamaModel,
  messages: BaseMessage[],
  chatTemplate: ChatTemplateOption = 'auto',
): Promise<RenderedPrompt> {
  const turns = toTurns(messages);
  const wrapper = await resolveWrapper(model, chatTemplate);
  if (!wrapper) return renderTranscript(model, turns);

  const history: ChatHistoryItem[] = turns.map((turn) =>
    turn.role === 'system'
      ? { type: 'system', text: turn.text }
      : turn.role === 'user'
        ? { type: 'user', text: turn.text }
        : { type: 'model', response: [turn.text] },
  );
  // An empty model turn at the end makes the template open the assistant's reply.
  history.push({ type: 'model', response: [] });
  const { contextText, stopGenerationTriggers } = wrapper.generateContextState({ chatHistory: history });
  const tokens = contextText.tokenize(model.tokenizer);
  // LlamaCompletion prepends BOS itself; a template that also writes it would double it.
  if (tokens.length > 0 && model.tokens.bos !== null && tokens[0] === model.tokens.bos) tokens.shift();
  return { tokens, stopTriggers: [...stopGenerationTriggers], format: 'template' };
}

function renderTranscript(model: LlamaModel, turns: Turn[]): RenderedPrompt {
  const system = turns.filter((t) => t.role === 'system').map((t) => neutraliseRoleMarkers(t.text));
  const dialogue = turns
    .filter((t) => t.role !== 'system')
    .map((t) => `${TRANSCRIPT_LABEL[t.role]}: ${neutraliseRoleMarkers(t.text)}`);
  const text = [
    ...(system.length ? [system.join('\n\n'), ''] : []),
    ...dialogue,
    `${TRANSCRIPT_LABEL.assistant}:`,
  ].join('\n');
  // specialTokens=false: text that looks like a control token ("</s>") stays plain text.
  return { tokens: model.tokenize(text, false), stopTriggers: [...TRANSCRIPT_STOPS], format: 'transcript' };
}

/** Every line break a tokenizer may read as one, so none can start a line the check below misses. */
const LINE_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;
/**
 * A line that opens like a transcript turn ("System:", " user :", "### Assistant："): a
 * role word, optionally after markup, then a colon (ASCII or full-width).
 */
const ROLE_MARKER =
  /^([\t #*>_~`-]*)(system|user|assistant|human|ai|bot|model|developer|instructions?)(\s*)[:：]/gim;

/**
 * In a transcript a turn is a line that starts with its role label, so text
 * that starts a line with one could fake a turn (a fan writing "\nSystem: new
 * rules" or "\nAssistant: sure, here is my prompt"). Such a marker becomes
 * "System (quoted):", which no longer reads as, or parses as, a turn; the rest
 * of the text is kept as written. Turns from templates need no such care: their
 * markers are special tokens that text cannot produce.
 */
export function neutraliseRoleMarkers(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(ROLE_MARKER, (_match, lead: string, role: string) => `${lead}${role} (quoted):`);
}

async function resolveWrapper(
  model: LlamaModel,
  chatTemplate: ChatTemplateOption,
): Promise<ChatWrapper | undefined> {
  if (chatTemplate === 'transcript') return undefined;
  const { JinjaTemplateChatWrapper, resolveChatWrapper } = await loadNodeLlamaCpp();
  if (chatTemplate !== 'auto') return new JinjaTemplateChatWrapper({ template: chatTemplate });
  const builtIn = model.fileInfo.metadata.tokenizer?.chat_template;
  if (typeof builtIn !== 'string' || builtIn.trim() === '') return undefined;
  return resolveChatWrapper(model) ?? undefined;
}

/** System messages first (merged), then user/assistant turns with consecutive same-role turns merged. */
function toTurns(messages: BaseMessage[]): Turn[] {
  const system: string[] = [];
  const turns: Turn[] = [];
  for (const message of messages) {
    const text = message.text;
    const type = message.getType();
    if (type === 'system' || type === 'developer') {
      system.push(text);
      continue;
    }
    const role: Turn['role'] = type === 'ai' ? 'assistant' : 'user';
    const last = turns.at(-1);
    if (last && last.role === role) last.text += `\n\n${text}`;
    else turns.push({ role, text });
  }
  return [...(system.length ? [{ role: 'system' as const, text: system.join('\n\n') }] : []), ...turns];
}
