/** Counts tokens of a text; the model's own tokenizer when there is one. */
export type TokenCounter = (text: string) => number | Promise<number>;

/** A deliberately high estimate (≈3.5 characters per token) for models whose tokenizer we cannot run here. */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 3.5);

interface CountsTokens {
  countTokens(text: string): Promise<number>;
}

function countsTokens(model: unknown): model is CountsTokens {
  return (
    typeof model === 'object' && model !== null && typeof (model as CountsTokens).countTokens === 'function'
  );
}

/**
 * The counter for a chat model: exact for models that expose their tokenizer
 * (LocalLlamaChatModel's countTokens), the conservative estimate otherwise.
 * (LangChain's own getNumTokens would fetch a tiktoken file from the network.)
 */
export function tokenCounterFor(model: unknown): TokenCounter {
  return countsTokens(model) ? (text) => model.countTokens(text) : estimateTokens;
}
