import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './processes';

/** How often a copy taken halfway through a rebuild is taken again, and how long apart. */
const COPY_ATTEMPTS = 10;
const COPY_RETRY_MS = 2000;

/**
 * A private copy of the built web app (web/dist) for one test file's gateway (its WEB_DIST_DIR).
 * The gateway reads index.html once, at start, and the hashed scripts it names on each request:
 * when web/dist is rebuilt while a browser test runs (`nx run-many -t build` of another run in
 * the same checkout), every later page load gets that index.html with scripts that are gone — a
 * blank page. A copy taken while a rebuild writes web/dist is taken again. `remove` deletes it.
 */
export async function copyWebBuild(): Promise<{ dir: string; remove(): void }> {
  const built = path.join(repoRoot, 'web/dist');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-web-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  for (let attempt = 1; ; attempt += 1) {
    fs.cpSync(built, dir, { recursive: true, force: true });
    const missing = missingAssets(dir);
    if (missing.length === 0) return { dir, remove };
    if (attempt === COPY_ATTEMPTS) {
      remove();
      throw new Error(`${built} lacks ${missing.join(', ')} (build the web app: npx nx run web:build)`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    await sleep(COPY_RETRY_MS);
  }
}

/** index.html itself, or the scripts and styles it names, where they are not in `dir`. */
function missingAssets(dir: string): string[] {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return ['index.html'];
  const named = [...fs.readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  return named.filter((asset) => !fs.existsSync(path.join(dir, asset)));
}
