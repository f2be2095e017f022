/* eslint-disable @typescript-eslint/no-require-imports -- loaded after start-up or on first use, see below */
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { afterStartup } from '@backtalk/kit';
import type Compromise from 'compromise';
import type * as Tinyld from 'tinyld';

let tinyld: typeof Tinyld | undefined;
let compromise: typeof Compromise | undefined;

/**
 * The two text libraries a send uses — `tinyld` (the fan's language) and `compromise` (the names
 * insights and reply samples scrub) — loaded a few seconds after start-up (TextLibrariesWarmup)
 * or by their first use if that comes sooner, not at every start: loading them costs some 340 ms
 * of CPU, which made a standalone warm restart ~1.4× slower (docs/benchmarks.md, "Issue 25,
 * fourth session"). `require`, not `import()`: their callers are synchronous, and a native import
 * would load their ES module builds.
 */
export const textLibraries = {
  tinyld: (): typeof Tinyld => (tinyld ??= require('tinyld') as typeof Tinyld),
  compromise: (): typeof Compromise => (compromise ??= require('compromise') as typeof Compromise),
};

/**
 * How long after the process is ready the text libraries are loaded: not at once, where their
 * 340 ms of synchronous loading would hold up the first requests (a launcher releases start-up work
 * as the gateway starts listening, when its probes and first visitors arrive).
 */
const WARMUP_DELAY_MS = 3_000;

/**
 * Loads the text libraries a few seconds after start-up, so the first fan's send does not wait for
 * them; a send before then loads them itself.
 */
@Injectable()
export class TextLibrariesWarmup implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  onApplicationBootstrap(): void {
    afterStartup(async () => {
      this.timer = setTimeout(() => {
        textLibraries.tinyld();
        textLibraries.compromise();
      }, WARMUP_DELAY_MS).unref();
    });
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}
