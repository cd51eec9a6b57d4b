/**
 * Lockfile text: keys sorted (UTF-16 order, as RFC 8785), 2-space indent, and one example
 * per line in `results` so a PR diff shows exactly the examples that changed.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Lockfile } from './types.js';

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function serializeLock(lock: Lockfile): string {
  const sorted = sortKeys({ ...lock, results: [] }) as Record<string, unknown>;
  const resultLines = lock.results.map((r) => `    ${JSON.stringify(sortKeys(r))}`);
  const text = JSON.stringify(sorted, null, 2);
  const body = resultLines.length === 0 ? '[]' : `[\n${resultLines.join(',\n')}\n  ]`;
  return `${text.replace('"results": []', `"results": ${body}`)}\n`;
}

export function writeLockFile(file: string, lock: Lockfile): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, serializeLock(lock));
  renameSync(tmp, file);
}

export function readLockFile(
  file: string,
): { ok: true; lock: Lockfile } | { ok: false; missing: boolean; message: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, missing: true, message: `no lockfile at ${file}` };
  }
  try {
    const lock = JSON.parse(text) as Lockfile;
    if (
      typeof lock !== 'object' ||
      lock === null ||
      !Array.isArray(lock.results) ||
      typeof lock.plan !== 'object'
    ) {
      return { ok: false, missing: false, message: `${file} is not an evalc lockfile` };
    }
    return { ok: true, lock };
  } catch (err) {
    return {
      ok: false,
      missing: false,
      message: `${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
