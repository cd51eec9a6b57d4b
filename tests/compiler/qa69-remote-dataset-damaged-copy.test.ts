/**
 * QA69: a remote dataset's cached copy (`cache/sources/<sha256>`) damaged in place (a flipped
 * byte keeps its size) was served as the dataset: after the server's 304 the damaged bytes were
 * read under the sha256 recorded for them, so an example ran again with a damaged input and the
 * lock changed; a pinned (`sha256:`) plan was refused as if upstream had changed. A copy is now
 * used only if its bytes still have its sha256; else it is downloaded again (a warning says so)
 * and repaired, and an offline run says the copy is damaged.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/compiler/content-key.js';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { type DatasetServer, startDatasetServer } from '../fixtures/qa21-dataset-server.js';
import { datasetPlanYaml, writeFiles } from './plan-helpers.js';

const v1 = '{"id":"r1","vars":{"q":"a"}}\n{"id":"r2","vars":{"q":"b"}}\n';

async function load(dir: string, offline = false): Promise<LoadResult> {
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache'), offline });
}

const inputs = (r: LoadResult) => r.resolved?.datasets[0]?.examples.map((e) => e.vars.q);
const codes = (r: LoadResult) => r.diagnostics.map((d) => `${d.severity} ${d.code}`);

/** Flips `"q":"b"` to `"q":"c"` in the cached copy: same size, other bytes. */
function damage(dir: string): string {
  const copy = path.join(dir, 'cache', 'sources', sha256Hex(v1));
  writeFileSync(copy, readFileSync(copy, 'utf8').replace('"q":"b"', '"q":"c"'));
  return copy;
}

describe('a damaged cached copy of a remote dataset (QA69)', () => {
  let server: DatasetServer;
  beforeAll(async () => {
    server = await startDatasetServer(v1);
  });
  afterAll(async () => {
    await server.close();
  });

  it('is never served: downloaded again with a warning, and repaired', async () => {
    const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(`${server.url}/data.jsonl`) });
    expect(inputs(await load(dir))).toEqual(['a', 'b']);
    const copy = damage(dir);
    const r = await load(dir);
    expect(codes(r)).toEqual(['warning EVALC_DATASET_CACHE_DAMAGED']);
    expect(r.diagnostics[0]?.message).toContain(
      `sources/${sha256Hex(v1).slice(0, 12)}… in the cache, is damaged`,
    );
    expect(inputs(r)).toEqual(['a', 'b']);
    expect(r.resolved?.datasets[0]?.sha256).toBe(sha256Hex(v1));
    expect(sha256Hex(readFileSync(copy))).toBe(sha256Hex(v1));
    expect(codes(await load(dir))).toEqual([]);
  });

  it('a pipe in its place is no copy: downloaded again, never waited on', async () => {
    const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(`${server.url}/data.jsonl`) });
    await load(dir);
    const copy = path.join(dir, 'cache', 'sources', sha256Hex(v1));
    rmSync(copy);
    execFileSync('mkfifo', [copy]);
    const r = await load(dir);
    expect(codes(r)).toEqual([]);
    expect(inputs(r)).toEqual(['a', 'b']);
  });

  it('offline, is an error that says the copy is damaged', async () => {
    const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(`${server.url}/data.jsonl`) });
    await load(dir);
    damage(dir);
    const r = await load(dir, true);
    expect(codes(r)).toEqual(['error EVALC_DATASET_OFFLINE']);
    expect(r.diagnostics[0]?.message).toContain('is damaged');
  });

  it('pinned with sha256:, is downloaded again instead of refused as changed upstream', async () => {
    const pinned = `${server.url}/data.jsonl, sha256: ${sha256Hex(v1)}`;
    const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(pinned) });
    expect(codes(await load(dir))).toEqual([]);
    damage(dir);
    const r = await load(dir);
    expect(codes(r)).toEqual(['warning EVALC_DATASET_CACHE_DAMAGED']);
    expect(inputs(r)).toEqual(['a', 'b']);
  });
});
