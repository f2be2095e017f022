import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LlmConfigError, LlmUnavailableError, errorMessage, isErrorLike } from './llm.error';
import { loadNodeLlamaCpp } from './node-llama-cpp.loader';

export interface ModelDownloadProgress {
  /** The model as configured (URI). */
  model: string;
  /** Where the file is being written. */
  file: string;
  downloadedBytes: number;
  /** Unknown when the server sends no length. */
  totalBytes?: number;
}

export interface ResolveModelOptions {
  modelsDir: string;
  onProgress?: (progress: ModelDownloadProgress) => void;
  /** Abort a download that receives nothing for this long. Default 60 000 ms. */
  stallTimeoutMs?: number;
  signal?: AbortSignal;
}

const inFlight = new Map<string, Promise<string>>();

export function isModelUri(model: string): boolean {
  return /^(hf:|https?:\/\/)/i.test(model);
}

/**
 * Turns the configured model into a local GGUF path: a path is checked (relative
 * paths are under `modelsDir`); an `https://` or `hf:user/repo/file.gguf` URI is
 * downloaded into `modelsDir` on first use and found there afterwards without a
 * network. `hf:user/repo:quant` needs Hugging Face's API to pick the file, so it
 * goes through node-llama-cpp's resolver, bounded by the stall timeout.
 */
export async function resolveModelPath(model: string, options: ResolveModelOptions): Promise<string> {
  if (!model?.trim())
    throw new LlmConfigError('No local model configured: set a .gguf path or an hf:/https URI');
  if (!isModelUri(model)) {
    const file = path.resolve(options.modelsDir, model);
    await assertFile(file, model);
    return file;
  }
  const url = directUrl(model);
  if (!url) return resolveWithNodeLlamaCpp(model, options);
  const file = path.join(options.modelsDir, localFileName(model, url));
  if (await isFile(file)) return file;
  let pending = inFlight.get(file);
  if (!pending) {
    pending = download(model, url, file, options).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

/**
 * Whether `resolveModelPath` would answer without downloading: a path (found
 * or not), or a URI whose file is already in `modelsDir`.
 */
export async function isModelDownloaded(model: string, modelsDir: string): Promise<boolean> {
  if (!isModelUri(model)) return true;
  const url = directUrl(model);
  return url ? isFile(path.join(modelsDir, localFileName(model, url))) : false;
}

/** hf:user/repo/path/to/file.gguf#branch → https://huggingface.co/user/repo/resolve/branch/path/to/file.gguf */
function directUrl(model: string): URL | undefined {
  if (/^https?:\/\//i.test(model)) return new URL(model);
  const match = /^hf:([^/:#\s]+)\/([^/:#\s]+)\/([^#:\s]+)(?:#(.+))?$/i.exec(model);
  if (!match) return undefined;
  const [, user, repo, file, branch] = match;
  return new URL(
    `https://huggingface.co/${user}/${repo}/resolve/${encodeURIComponent(branch ?? 'main')}/${file}`,
  );
}

function localFileName(model: string, url: URL): string {
  const base = decodeURIComponent(url.pathname.split('/').pop() || 'model.gguf').replace(/[^\w.-]+/g, '_');
  const hf = /^hf:([^/]+)\/([^/]+)\//i.exec(model);
  if (hf) return `hf_${hf[1]}_${hf[2]}_${base}`.replace(/[^\w.-]+/g, '_');
  const stem = base.replace(/\.gguf$/i, '');
  return `${stem}.${createHash('sha256').update(url.href).digest('hex').slice(0, 8)}.gguf`;
}

/**
 * Downloads through node-llama-cpp's own downloader (`createModelDownloader`),
 * under the file name chosen here so the next start finds the file without a
 * network. A download that makes no progress for the stall timeout is cancelled.
 */
async function download(
  model: string,
  url: URL,
  file: string,
  options: ResolveModelOptions,
): Promise<string> {
  const stallMs = options.stallTimeoutMs ?? 60_000;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  let rejectStall: (error: Error) => void = () => undefined;
  const stall = new Promise<never>((_, reject) => (rejectStall = reject));
  const armStallTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort(new Error(`no data for ${stallMs} ms`));
      rejectStall(new Error(`no data for ${stallMs} ms`));
    }, stallMs);
  };
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // node-llama-cpp's downloader (ipull) retries an unreachable host for minutes and
    // takes no signal while it asks for the file's size, so reachability is checked here,
    // with a bound, before it starts.
    await assertReachable(url, stallMs, controller.signal);
    // Only now: importing node-llama-cpp costs several hundred ms of CPU, for nothing when offline.
    const { createModelDownloader } = await loadNodeLlamaCpp();
    armStallTimer();
    const downloader = await Promise.race([
      createModelDownloader({
        modelUri: url.href,
        dirPath: path.dirname(file),
        fileName: path.basename(file),
        skipExisting: false,
        deleteTempFileOnCancel: true,
        onProgress: ({ totalSize, downloadedSize }) => {
          armStallTimer();
          options.onProgress?.({
            model,
            file,
            downloadedBytes: downloadedSize,
            totalBytes: totalSize || undefined,
          });
        },
      }),
      stall,
    ]);
    options.onProgress?.({ model, file, downloadedBytes: 0, totalBytes: downloader.totalSize || undefined });
    const downloaded = await Promise.race([downloader.download({ signal: controller.signal }), stall]);
    if (!(await isFile(downloaded))) throw new Error('the downloaded file is missing or empty');
    return downloaded;
  } catch (error) {
    await rm(file, { force: true });
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof LlmUnavailableError) throw error; // node-llama-cpp could not be loaded
    const reason = stalled
      ? `no data for ${stallMs} ms`
      : isErrorLike(error)
        ? messageWithCause(error)
        : String(error);
    throw new LlmUnavailableError(`Could not download model ${model}: ${reason}`, {
      provider: 'local',
      model,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * One bounded request for the file's first byte: a host that refuses, cannot be
 * resolved or answers an error status fails here at once, with that reason.
 */
async function assertReachable(url: URL, timeoutMs: number, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, {
    headers: { range: 'bytes=0-0' },
    redirect: 'follow',
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Status code: ${response.status} (${response.statusText || 'error'})`);
}

async function resolveWithNodeLlamaCpp(model: string, options: ResolveModelOptions): Promise<string> {
  const { resolveModelFile } = await loadNodeLlamaCpp();
  const stallMs = options.stallTimeoutMs ?? 60_000;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let rejectStall: (error: Error) => void = () => undefined;
  const stall = new Promise<never>((_, reject) => (rejectStall = reject));
  // node-llama-cpp keeps retrying an unreachable host and ignores the signal while
  // resolving, so a missing network must be cut off here.
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      controller.abort();
      rejectStall(
        new LlmUnavailableError(
          `Could not resolve model ${model}: no progress for ${stallMs} ms (is there a network?)`,
          { provider: 'local', model },
        ),
      );
    }, stallMs);
  };
  try {
    await mkdir(options.modelsDir, { recursive: true });
    arm();
    const resolved = resolveModelFile(model, {
      directory: options.modelsDir,
      cli: false,
      signal: controller.signal,
      onProgress: ({ totalSize, downloadedSize }) => {
        arm();
        options.onProgress?.({
          model,
          file: options.modelsDir,
          downloadedBytes: downloadedSize,
          totalBytes: totalSize || undefined,
        });
      },
    });
    return await Promise.race([resolved, stall]);
  } catch (error) {
    if (error instanceof LlmUnavailableError) throw error;
    throw new LlmUnavailableError(`Could not resolve model ${model}: ${errorMessage(error)}`, {
      provider: 'local',
      model,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    return info.isFile() && info.size > 0;
  } catch {
    return false;
  }
}

async function assertFile(file: string, model: string): Promise<void> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new LlmUnavailableError(`Model file not found: ${file} (configured as "${model}")`, {
      provider: 'local',
      model,
    });
  }
  if (!info.isFile())
    throw new LlmUnavailableError(`Model path is not a file: ${file}`, { provider: 'local', model });
}

function messageWithCause(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return isErrorLike(cause) && cause.message ? `${error.message} (${cause.message})` : error.message;
}
