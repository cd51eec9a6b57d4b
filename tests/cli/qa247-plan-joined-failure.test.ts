/**
 * QA247 (the case next to 424e212): an example an `apply --only t/d2` ran whose answer is a cached
 * definitive failure (a 400), beside a new example of d1 that runs, then `evalc plan`: it read
 * 'because scores changed, and a dataset file changed (its sha256; a field no step reads, e.g.
 * human_score)', the join unsaid and read as a field edit, since its extract and score (never run
 * after a failure) are not in the cache. Now 'because scores changed, and an example joined the
 * dataset (d2/e2): its results join evalc.lock'; apply calls the agent once, for d1's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let agent: Loopback;
let invokes = 0;
const dir = tempFolder('evalc-qa247-joined-failure-');
const env = { CI: 'true' };
const line = (id: string, q: string) => `${JSON.stringify({ id, vars: { q }, expected: { answer: q } })}\n`;

beforeAll(async () => {
  agent = await startLoopback((req, res, body) => {
    if (req.url === '/info') return sendJson(res, 200, { name: 'a', inputSchema: { type: 'object' } });
    invokes++;
    const q = String((JSON.parse(body) as { input?: { q?: unknown } }).input?.q);
    if (q.startsWith('bad')) return sendJson(res, 400, { error: { message: 'bad q' } });
    return sendJson(res, 200, { output: { answer: q } });
  });
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa247-failure, version: 1.0.0 }
agents: { a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d1: { source: d1.jsonl }, d2: { source: d2.jsonl } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
  );
  writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi'));
  writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('plan: an example joined from the cache with a cached failure (QA247)', () => {
  it('is named as joined beside steps that run, not as a field edit, and apply agrees', async () => {
    writeFileSync(path.join(dir, 'd2.jsonl'), line('e1', 'yo') + line('e2', 'bad'));
    expect((await spawnCliAsync(['apply', '--quiet', '--only', 't/d2'], { cwd: dir, env })).code).toBe(0);
    writeFileSync(path.join(dir, 'd1.jsonl'), line('e1', 'hi') + line('e2', 'ho'));
    const reason =
      'because scores changed, and an example joined the dataset (d2/e2): its results join evalc.lock';
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.stdout).toMatch(/\+ invoke .* 1 example +new example\n/);
    expect(out.stdout).toContain(` 4 nodes      ${reason}\n`);
    const json = await spawnCliAsync(['plan', '--json'], { cwd: dir, env });
    const rows = (JSON.parse(json.stdout) as { rows: { kind: string; count: number; reason: string }[] })
      .rows;
    expect(rows.find((r) => r.kind === 'aggregate')).toEqual(expect.objectContaining({ count: 4, reason }));
    const calls = invokes;
    expect((await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect(invokes).toBe(calls + 1);
    expect((await spawnCliAsync(['plan'], { cwd: dir, env })).stdout).toMatch(/^No changes\./);
  });
});
