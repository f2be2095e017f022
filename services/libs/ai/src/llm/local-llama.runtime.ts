import os from 'node:os';
import type {
  Llama,
  LlamaCompletion,
  LlamaContext,
  LlamaEmbeddingContext,
  LlamaModel,
} from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { LlmBusyError, LlmUnavailableError, errorMessage } from './llm.error';
import { loadNodeLlamaCpp } from './node-llama-cpp.loader';

/**
 * Process-wide sharing of node-llama-cpp resources: one Llama binding, one
 * loaded model per file, one context (with its sequence pool) per model and
 * context shape, one embedding context per model. Chat-model instances are
 * cheap; the weights and KV caches are not.
 */

export function defaultThreads(): number {
  // All cores starves the event loop and the ggml threads of each other on
  // small machines (measured: 24 s instead of 27 ms for 40 tokens on 2 cores).
  return Math.max(1, os.availableParallelism() - 1);
}

let llamaPromise: Promise<Llama> | undefined;
const models = new Map<string, Promise<LlamaModel>>();
const pools = new Map<string, Promise<SequencePool>>();
const embeddingContexts = new Map<string, Promise<LlamaEmbeddingContext>>();

function getSharedLlama(): Promise<Llama> {
  llamaPromise ??= (async () => {
    const { getLlama, LlamaLogLevel } = await loadNodeLlamaCpp();
    try {
      // Prebuilt CPU binaries only: never compile llama.cpp at run time.
      return await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
    } catch (error) {
      throw new LlmUnavailableError(`No usable llama.cpp binary for this machine: ${errorMessage(error)}`, {
        provider: 'local',
        cause: error,
      });
    }
  })().catch((error: unknown) => {
    llamaPromise = undefined;
    throw error;
  });
  return llamaPromise;
}

export function loadSharedModel(modelPath: string): Promise<LlamaModel> {
  let model = models.get(modelPath);
  if (!model) {
    model = (async () => {
      const llama = await getSharedLlama();
      try {
        return await llama.loadModel({ modelPath });
      } catch (error) {
        throw new LlmUnavailableError(`Could not load model ${modelPath}: ${errorMessage(error)}`, {
          provider: 'local',
          model: modelPath,
          cause: error,
        });
      }
    })();
    models.set(modelPath, model);
    model.catch(() => models.delete(modelPath));
  }
  return model;
}

export interface ContextShape {
  /** Tokens per sequence. */
  contextSize: number;
  threads: number;
  /** Parallel generations; more waits in a queue. */
  sequences: number;
}

export async function getSequencePool(modelPath: string, shape: ContextShape): Promise<SequencePool> {
  const key = `${modelPath}|${shape.contextSize}|${shape.threads}|${shape.sequences}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = (async () => {
      const model = await loadSharedModel(modelPath);
      const { LlamaCompletion } = await loadNodeLlamaCpp();
      let context: LlamaContext;
      try {
        context = await model.createContext({
          contextSize: Math.min(shape.contextSize, model.trainContextSize),
          sequences: shape.sequences,
          threads: shape.threads,
        });
      } catch (error) {
        throw new LlmUnavailableError(`Could not create a context for ${modelPath}: ${errorMessage(error)}`, {
          provider: 'local',
          model: modelPath,
          cause: error,
        });
      }
      const slots = Array.from(
        { length: shape.sequences },
        () => new LlamaCompletion({ contextSequence: context.getSequence() }),
      );
      return new SequencePool(model, context, slots);
    })();
    pools.set(key, pool);
    pool.catch(() => pools.delete(key));
  }
  return pool;
}

export function getEmbeddingContext(
  modelPath: string,
  threads: number,
  contextSize?: number,
): Promise<LlamaEmbeddingContext> {
  const key = `${modelPath}|${threads}|${contextSize ?? 'auto'}`;
  let context = embeddingContexts.get(key);
  if (!context) {
    context = (async () => {
      const model = await loadSharedModel(modelPath);
      try {
        return await model.createEmbeddingContext({
          threads,
          ...(contextSize ? { contextSize: Math.min(contextSize, model.trainContextSize) } : {}),
        });
      } catch (error) {
        throw new LlmUnavailableError(
          `Could not create an embedding context for ${modelPath}: ${errorMessage(error)}`,
          {
            provider: 'local',
            model: modelPath,
            cause: error,
          },
        );
      }
    })();
    embeddingContexts.set(key, context);
    context.catch(() => embeddingContexts.delete(key));
  }
  return context;
}

/** Frees every shared model and context (shutdown, tests). */
export async function disposeLocalModels(): Promise<void> {
  const all = [...pools.values(), ...embeddingContexts.values(), ...models.values()];
  pools.clear();
  embeddingContexts.clear();
  models.clear();
  for (const pending of all) {
    const resource = await pending.catch(() => undefined);
    if (resource instanceof SequencePool) await resource.dispose();
    else if (resource) await resource.dispose();
  }
}

export interface SequenceLease {
  completion: LlamaCompletion;
  release(): void;
}

/**
 * A fixed set of context sequences. Each generation leases one for its whole
 * run, so concurrent requests never share KV-cache state; when all are busy,
 * requests wait in order (bounded by a timeout and the caller's signal), and
 * when `maxWaiting` already wait, a new request is refused at once: a longer
 * queue would only make every fan in it wait past the timeout.
 */
export class SequencePool {
  private readonly free: LlamaCompletion[];
  private readonly waiters: Array<(slot: LlamaCompletion) => void> = [];

  constructor(
    readonly model: LlamaModel,
    readonly context: LlamaContext,
    slots: LlamaCompletion[],
  ) {
    this.free = [...slots];
  }

  get contextSize(): number {
    return this.context.contextSize;
  }

  get busy(): number {
    return this.context.totalSequences - this.free.length;
  }

  /** Requests waiting for a sequence. */
  get waiting(): number {
    return this.waiters.length;
  }

  acquire(
    options: { signal?: AbortSignal; timeoutMs?: number; maxWaiting?: number } = {},
  ): Promise<SequenceLease> {
    const slot = this.free.shift();
    if (slot) return Promise.resolve(this.lease(slot));
    if (options.maxWaiting !== undefined && this.waiters.length >= options.maxWaiting) {
      return Promise.reject(
        new LlmBusyError(
          `The local model is busy: ${this.context.totalSequences} generating and ${this.waiters.length} waiting (LLM_QUEUE_LIMIT ${options.maxWaiting})`,
          { provider: 'local' },
        ),
      );
    }
    return new Promise<SequenceLease>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        const index = this.waiters.indexOf(grant);
        if (index >= 0) this.waiters.splice(index, 1);
      };
      const grant = (granted: LlamaCompletion) => {
        cleanup();
        resolve(this.lease(granted));
      };
      const onAbort = () => {
        cleanup();
        reject(options.signal?.reason);
      };
      if (options.signal?.aborted) return reject(options.signal.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.timeoutMs !== undefined) {
        timer = setTimeout(() => {
          cleanup();
          reject(
            new LlmUnavailableError(`The local model is busy: no free slot within ${options.timeoutMs} ms`, {
              provider: 'local',
            }),
          );
        }, options.timeoutMs);
      }
      this.waiters.push(grant);
    });
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }

  private lease(slot: LlamaCompletion): SequenceLease {
    let released = false;
    return {
      completion: slot,
      release: () => {
        if (released) return;
        released = true;
        const next = this.waiters.shift();
        if (next) next(slot);
        else this.free.push(slot);
      },
    };
  }
}
