import type { ApplyGuardrailCommandOutput, BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { providerSdk } from '../llm/provider-sdks';
import {
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationProvider,
  type ModerationRequest,
  failureReason,
  ModerationUnavailableError,
  type ProviderVerdict,
} from './moderation.port';

/** Bedrock's content filters, as Backtalk names them; PROMPT_ATTACK is chat-inference's canary guard's. */
const CONTENT_FILTERS: Record<string, ModerationCategory> = {
  SEXUAL: 'sexual',
  VIOLENCE: 'violence',
  HATE: 'hate',
  INSULTS: 'harassment',
  MISCONDUCT: 'illicit',
};

type Assessment = NonNullable<ApplyGuardrailCommandOutput['assessments']>[number];

/**
 * A denied topic of the operator's guardrail: named like a Backtalk category (`self-harm`,
 * `sexual-minors`, case and `-`/`/`/`_`/space alike) it is that category, else `illicit`.
 */
function topicCategory(name: string): ModerationCategory {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
  return MODERATION_CATEGORIES.find((category) => category.replace('/', '-') === key) ?? 'illicit';
}

/**
 * What an ApplyGuardrail answer found. For an adult, what the guardrail blocked; for a minor also
 * every content filter it detected at MEDIUM or HIGH confidence though its strength let it pass.
 */
export function guardrailCategories(
  assessments: readonly Assessment[],
  audience: ModerationRequest['audience'],
): ModerationCategory[] {
  const found = new Set<ModerationCategory>();
  for (const assessment of assessments) {
    for (const filter of assessment.contentPolicy?.filters ?? []) {
      const category = CONTENT_FILTERS[filter.type ?? ''];
      const strictHit =
        audience === 'minor' && (filter.confidence === 'MEDIUM' || filter.confidence === 'HIGH');
      if (category && (filter.action === 'BLOCKED' || strictHit)) found.add(category);
    }
    for (const topic of assessment.topicPolicy?.topics ?? [])
      if (topic.action === 'BLOCKED' && topic.name) found.add(topicCategory(topic.name));
    const words = assessment.wordPolicy;
    if (
      [...(words?.managedWordLists ?? []), ...(words?.customWords ?? [])].some((w) => w.action === 'BLOCKED')
    )
      found.add('profanity');
  }
  return [...found];
}

export interface BedrockGuardrailOptions {
  region: string;
  guardrailId: string;
  /** A published version number, or DRAFT. */
  guardrailVersion: string;
  /** An endpoint other than the region's (a VPC endpoint; a test server). */
  endpoint?: string;
  /** A Bedrock API key (bearer token); without it, the AWS SDK's usual credential chain. */
  apiKey?: string;
}

/**
 * An Amazon Bedrock guardrail through ApplyGuardrail (`MODERATION_PROVIDER=bedrock`): a fan
 * message as INPUT, a reply as OUTPUT, with every assessment asked for (outputScope FULL) so a
 * minor can be held to a stricter confidence. Creator boundaries are not in the guardrail:
 * chat-inference judges them apart, as for `openai` (docs/safety.md).
 */
export class BedrockGuardrailProvider implements ModerationProvider {
  readonly name = 'bedrock';
  private readonly client: BedrockRuntimeClient;
  /** The SDK, loaded when this moderator is made (provider-sdks.ts). */
  private readonly sdk = providerSdk.bedrockRuntime();

  constructor(private readonly options: BedrockGuardrailOptions) {
    this.client = new this.sdk.BedrockRuntimeClient({
      region: options.region,
      endpoint: options.endpoint,
      maxAttempts: 1,
      ...(options.apiKey
        ? {
            authSchemePreference: ['httpBearerAuth'],
            token: async () => ({ token: options.apiKey as string }),
          }
        : {}),
    });
  }

  async classify(request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict> {
    let answer: ApplyGuardrailCommandOutput;
    try {
      answer = await this.client.send(
        new this.sdk.ApplyGuardrailCommand({
          guardrailIdentifier: this.options.guardrailId,
          guardrailVersion: this.options.guardrailVersion,
          source: request.direction === 'fan-message' ? 'INPUT' : 'OUTPUT',
          content: [{ text: { text: request.text } }],
          outputScope: 'FULL',
        }),
        { abortSignal: signal },
      );
    } catch (error) {
      throw new ModerationUnavailableError(this.name, failureReason(error, signal));
    }
    if (!answer.action || !Array.isArray(answer.assessments))
      throw new ModerationUnavailableError(this.name, 'an answer it could not read');
    const categories = guardrailCategories(answer.assessments, request.audience);
    // The guardrail intervened on something this mapping does not name: never read that as a pass.
    if (answer.action === 'GUARDRAIL_INTERVENED' && categories.length === 0) categories.push('illicit');
    return { categories, boundaryIds: [] };
  }
}
