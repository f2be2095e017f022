import { z } from 'zod';
import {
  type ModerationCategory,
  type ModerationProvider,
  type ModerationRequest,
  failureReason,
  ModerationUnavailableError,
  type ProviderVerdict,
} from './moderation.port';

/** OpenAI's moderation categories, as Backtalk names them. */
const OPENAI_CATEGORIES: Record<string, ModerationCategory> = {
  sexual: 'sexual',
  'sexual/minors': 'sexual/minors',
  hate: 'hate',
  'hate/threatening': 'hate',
  harassment: 'harassment',
  'harassment/threatening': 'harassment',
  'self-harm': 'self-harm',
  'self-harm/intent': 'self-harm/intent',
  'self-harm/instructions': 'self-harm/instructions',
  violence: 'violence',
  'violence/graphic': 'violence',
  illicit: 'illicit',
  'illicit/violent': 'illicit',
};

const answerSchema = z.object({
  results: z
    .array(
      z.object({
        flagged: z.boolean(),
        categories: z.record(z.string(), z.boolean().nullable()),
        category_scores: z.record(z.string(), z.number()).optional(),
      }),
    )
    .min(1),
});

export interface OpenAiModerationOptions {
  /** Base URL of an OpenAI-compatible server, ending in /v1 (OpenAI's own by default). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** A minor's text is flagged from this score on in any category, whatever the provider's own flag. */
  minorThreshold: number;
}

/**
 * The `/moderations` API of any OpenAI-compatible server (`MODERATION_PROVIDER=openai`). For an
 * adult, its own `flagged` categories; for a minor, also every category scoring at least
 * `minorThreshold` (stricter). Creator boundaries are not a category it knows: chat-inference
 * judges them apart (docs/safety.md).
 */
export class OpenAiModerationProvider implements ModerationProvider {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiModerationOptions) {}

  async classify(request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}/moderations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.options.model, input: request.text }),
        signal,
      });
    } catch (error) {
      throw new ModerationUnavailableError(this.name, failureReason(error, signal));
    }
    if (!response.ok) throw new ModerationUnavailableError(this.name, `answered ${response.status}`);
    const parsed = answerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ModerationUnavailableError(this.name, 'an answer it could not read');
    const [result] = parsed.data.results;
    const found = new Set<ModerationCategory>();
    for (const [name, flagged] of Object.entries(result.categories)) {
      const category = OPENAI_CATEGORIES[name];
      if (!category) continue;
      const score = result.category_scores?.[name] ?? 0;
      if (flagged || (request.audience === 'minor' && score >= this.options.minorThreshold))
        found.add(category);
    }
    return { categories: [...found], boundaryIds: [] };
  }
}
