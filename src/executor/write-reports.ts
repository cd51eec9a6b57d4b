/**
 * Writes the reports folder of a run. Reports are renderers of the lockfile plus, for the
 * HTML drill-down, the cached trajectories (read lazily by invoke key).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Lockfile } from '../lockfile/types.js';
import { renderReports } from '../reports/index.js';
import type { StepStore } from './cache-store.js';
import { reportSources } from './trajectories.js';

export function writeReports(
  dir: string,
  lock: Lockfile,
  baseline: Lockfile | undefined,
  store: StepStore,
): string[] {
  mkdirSync(dir, { recursive: true });
  const files = renderReports({
    lock,
    ...(baseline ? { baseline } : {}),
    ...reportSources(lock, store),
  });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    writeFileSync(path.join(dir, name), text);
    written.push(name);
  }
  return written;
}
