/**
 * QA198: a remote dataset's query credential is kept out of the plan digest (a new value re-invokes
 * nothing), but the record of the copy fetched from a url was kept under the url as written: with
 * the credential rotated, an offline read (`--frozen`) said 'dataset …?sig=*** is not cached', the
 * very url it had cached, and an unreachable server was an error instead of the cached copy. A real
 * loopback server.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { writeFiles } from './plan-helpers.js';

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.end('{"id":"w1","vars":{"q":"a"}}\n');
  });
});
afterAll(async () => {
  await server.close();
});

const plan = (query: string) => `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      web: { source: "${server.url}/data.jsonl?${query}" }
`;

async function load(query: string, cacheDir: string, offline: boolean): Promise<LoadResult> {
  const dir = writeFiles({ 'evalc.yaml': plan(query) });
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir, offline });
}

it.each(['q=x&sig=SigOld1234', 'q=x;sig=SigOld1234'])(
  'reads the copy offline with %s rotated',
  async (query) => {
    const cacheDir = path.join(writeFiles({}), 'cache');
    const first = await load(query, cacheDir, false);
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const rotated = await load(query.replace('SigOld1234', 'SigNew5678'), cacheDir, true);
    expect(rotated.diagnostics.map((d) => d.code)).not.toContain('EVALC_DATASET_OFFLINE');
    expect(rotated.resolved?.datasets[0]?.sha256).toBe(first.resolved?.datasets[0]?.sha256);
  },
);
