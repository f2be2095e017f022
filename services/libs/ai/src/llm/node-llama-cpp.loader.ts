import { LlmUnavailableError, errorMessage } from './llm.error';

/**
 * node-llama-cpp is ESM-only; this CommonJS build loads it with a native
 * dynamic import (SWC keeps `import()` as is). Loaded once, on first use, so
 * deployments that use a remote provider never load the native addon.
 */
export type NodeLlamaCpp = typeof import('node-llama-cpp', { with: { 'resolution-mode': 'import' } });

let modulePromise: Promise<NodeLlamaCpp> | undefined;

export function loadNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  modulePromise ??= import('node-llama-cpp').catch((error: unknown) => {
    modulePromise = undefined;
    throw new LlmUnavailableError(`node-llama-cpp could not be loaded: ${errorMessage(error)}`, {
      provider: 'local',
      cause: error,
    });
  });
  return modulePromise;
}
