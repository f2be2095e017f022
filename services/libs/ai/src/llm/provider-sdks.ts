/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see below */

/**
 * The remote providers' packages, loaded when a model (or moderator) of that provider is created
 * rather than at every start: the LangChain ones together cost some 300 – 450 ms of CPU to load,
 * the Bedrock runtime SDK ~30 ms, and a process uses one provider of each kind at most
 * (docs/benchmarks.md, "The warm restart"). `require`, not `import()`: the LangChain ones must
 * share this CommonJS build's instance of @langchain/core, and a native import would load a
 * package's ES module build beside it.
 */
export const providerSdk = {
  openai: () => require('@langchain/openai') as typeof import('@langchain/openai'),
  anthropic: () => require('@langchain/anthropic') as typeof import('@langchain/anthropic'),
  aws: () => require('@langchain/aws') as typeof import('@langchain/aws'),
  /** Bedrock Guardrails, the `bedrock` moderator's (moderation/bedrock-guardrail.provider.ts). */
  bedrockRuntime: () =>
    require('@aws-sdk/client-bedrock-runtime') as typeof import('@aws-sdk/client-bedrock-runtime'),
};
