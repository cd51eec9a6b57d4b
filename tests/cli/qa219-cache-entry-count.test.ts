/**
 * QA219: `evalc cache stats` on a cache holding one entry of a kind read `schema  1 entries`, its
 * first line `1 entries`, and `cache prune` `pruned 1 entries`. One is now `1 entry` (and `1 file`
 * for a side folder), the columns kept in line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';

const ws = tempWorkspace('qa219-cache-entry-count');
afterAll(() => ws.cleanup());
const cache = path.join(ws.dir, 'cache');
const store = new LogStore(cache);
store.put('k1:aaaa', 'invoke', { output: 'one' });
store.put('k1:bbbb', 'score', { score: 1 });
store.put('k1:cccc', 'score', { score: 0 });
store.close();
mkdirSync(path.join(cache, 'schemas'));
writeFileSync(path.join(cache, 'schemas', 'x.json'), '{}\n');

describe('cache stats and prune count one entry as one entry', () => {
  it('stats: 1 entry, 2 entries, 1 file, the columns in line', async () => {
    const result = await runCli(['cache', 'stats', '--cache-dir', 'cache'], { cwd: ws.dir });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^cache cache: 3 entries, \d+ bytes$/);
    const invoke = lines.find((l) => l.trimStart().startsWith('invoke')) ?? '';
    const score = lines.find((l) => l.trimStart().startsWith('score')) ?? '';
    const schemas = lines.find((l) => l.trimStart().startsWith('schemas/')) ?? '';
    expect(invoke).toMatch(/ 1 entry {3,}\d+ bytes$/);
    expect(score).toMatch(/ 2 entries {2,}\d+ bytes$/);
    expect(schemas).toMatch(/ 1 file {3,}\d+ bytes$/);
    expect(new Set([invoke, score, schemas].map((l) => l.indexOf(' bytes')))).toHaveLength(1);
  });

  it('stats of a cache of one entry: 1 entry', async () => {
    const one = path.join(ws.dir, 'one');
    const s = new LogStore(one);
    s.put('k1:dddd', 'invoke', { output: 'one' });
    s.close();
    const result = await runCli(['cache', 'stats', '--cache-dir', 'one'], { cwd: ws.dir });
    expect(result.stdout.split('\n')[0]).toMatch(/^cache one: 1 entry, \d+ bytes$/);
  });
});
