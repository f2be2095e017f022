/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see below */

/**
 * The remote providers' LangChain packages, loaded when a model of that provider is created
 * rather than at every start: together they cost some 300 – 450 ms of CPU to load, and a
 * process uses one provider at most (docs/benchmarks.md, "The warm restart"). `require`, not
 * `import()`: they must share this CommonJS build's instance of @langchain/core, and a
 * native import would load its ES module build beside it.
 */
export const providerSdk = {
  openai: () => require('@langchain/openai') as typeof import('@langchain/openai'),
  anthropic: () => require('@langchain/anthropic') as typeof import('@langchain/anthropic'),
  aws: () => require('@langchain/aws') as typeof import('@langchain/aws'),
};
