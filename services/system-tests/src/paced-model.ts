import path from 'node:path';
import { repoRoot } from './processes';

/**
 * The AI library's OpenAI-compatible server that answers at a fixed pace (first-token delay, then
 * one token per interval): a reply long enough to leave, kill a replica in or attach to again.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
export const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');
