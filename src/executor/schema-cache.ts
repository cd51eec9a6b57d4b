/**
 * RAIP agents' input schemas by digest, in `<cache>/schemas/<hex>.json` beside the step log.
 * Discovery needs a locked schema before it knows whether the run has any work (`If-None-Match`:
 * a 304 reuses it), and an up-to-date apply must not load the whole step log just to find it
 * (0.8 s for a 100k-example cache, seconds for a shared one). A file is content-addressed and
 * checked on read (its digest is recomputed; a damaged one is ignored). Caches written before
 * keep their schemas in the log (`schema:<digest>` entries): read there when the file is missing.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson, sha256Hex } from '../compiler/content-key.js';
import type { StepStore } from './step-store.js';

export interface SchemaCache {
  get(digest: string): unknown;
  put(digest: string, schema: unknown): void;
}

export function schemaCache(cacheDir: string, log: () => StepStore): SchemaCache {
  const dir = path.join(cacheDir, 'schemas');
  const fileOf = (digest: string): string | undefined => {
    const hex = /^(?:sha256:)?([0-9a-f]{64})$/i.exec(digest)?.[1];
    return hex === undefined ? undefined : path.join(dir, `${hex.toLowerCase()}.json`);
  };
  return {
    get(digest) {
      const file = fileOf(digest);
      const kept = file === undefined ? undefined : readSchemaFile(file, digest);
      if (kept !== undefined) return kept;
      const logged = log().get<unknown>(`schema:${digest}`);
      // A cache written before these files: the next run finds it without the log.
      if (logged !== undefined && file !== undefined) writeSchemaFile(file, logged);
      return logged;
    },
    put(digest, schema) {
      const file = fileOf(digest);
      if (file !== undefined && readSchemaFile(file, digest) !== undefined) return;
      // In the log too, never only beside it (an older evalc reads the log). A cache that cannot be
      // written goes without: a schema is a record, no result, so a run whose every step it holds
      // goes on (QA294: the failed put stopped it, every answer cached).
      const store = log();
      if (!store.has(`schema:${digest}`) && !store.writeDenied)
        store.put(`schema:${digest}`, 'schema', schema);
      if (file !== undefined) writeSchemaFile(file, schema);
    },
  };
}

/**
 * Written whole (a temp file renamed); a folder that cannot be written (a read-only cache, a file
 * named `schemas`) only costs the next run a read of the log.
 */
function writeSchemaFile(file: string, schema: unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, canonicalJson(schema));
    renameSync(temp, file);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // `schemas` is a file (QA69: the cleanup's ENOTDIR stopped the apply): nothing was written
    }
  }
}

function readSchemaFile(file: string, digest: string): unknown {
  let text: string;
  try {
    // A pipe or a device would block the read for good (QA69): not a kept schema.
    if (!statSync(file).isFile()) return undefined;
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const schema: unknown = JSON.parse(text);
    const hex = digest.replace(/^sha256:/i, '').toLowerCase();
    return sha256Hex(canonicalJson(schema)) === hex ? schema : undefined;
  } catch {
    return undefined;
  }
}
