import type { KnowledgeIndexing } from '@backtalk/proto';

export interface IndexProgress {
  version: number;
  indexedVersion: number;
  done: number;
  total: number;
}

/**
 * Where re-indexing stands (docs/creators.md, "Knowledge"): ready once ingestion indexed the
 * latest knowledge version; while it works on an older one or has not reported yet, indexing
 * with the progress it last reported (never more done than there is).
 */
export function indexingOf(progress: IndexProgress | null): KnowledgeIndexing {
  if (!progress) return { version: 0, indexedVersion: 0, done: 0, total: 0, state: 'ready' };
  const { version, indexedVersion } = progress;
  const ready = indexedVersion >= version;
  const total = Math.max(0, progress.total);
  const done = Math.min(Math.max(0, progress.done), total);
  return {
    version,
    indexedVersion,
    done: ready ? total : done,
    total,
    state: ready ? 'ready' : 'indexing',
  };
}

/**
 * Whether a progress report may replace the stored one: reports of a version older than the one
 * already recorded arrive late (a redelivered run) and are dropped, so progress never goes back.
 */
export function acceptsReport(stored: IndexProgress, report: { version: number; done: number }): boolean {
  if (report.version > stored.version) return false;
  if (report.version < stored.indexedVersion) return false;
  if (report.version === stored.indexedVersion) return report.done >= stored.done;
  return true;
}
