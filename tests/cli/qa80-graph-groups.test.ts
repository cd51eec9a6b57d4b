/**
 * QA80: the DAG is built only when `evalc graph` draws it (validate, plan and apply never read it:
 * 500 tasks × 5 agents × 20 metrics spent a second and ~170 MB on it). Drawn on demand, it keeps
 * every group's nodes and edges: two agents share a task's aggregate and a dataset's fetch, and a
 * judge metric's score depends on its judge.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { runCommand } from './run-cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const PLAN = `evalc: 1
benchmark: { id: qa80-graph }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
  a2: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r }
rubrics:
  r: { dimensions: [ { id: ok, description: "ok", weight: 1 } ] }
tasks:
  t1:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
`;

describe('evalc graph draws every group (QA80)', () => {
  it('two agents, one task and a judge metric: nodes and edges of each group', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa80-graph-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const result = await runCommand(graphCommand, ['evalc.yaml', '--format', 'dot'], { cwd: dir });
    expect(result.code).toBe(0);
    const edges = [...result.stdout.matchAll(/"([^"]+)" -> "([^"]+)"/g)].map((m) => `${m[1]} -> ${m[2]}`);
    for (const a of ['a1', 'a2']) {
      const g = `${a}/t1/d`;
      expect(edges).toEqual(
        expect.arrayContaining([
          `fetch/dataset/t1/d -> invoke/${g}`,
          `fetch/agent/${a} -> invoke/${g}`,
          `invoke/${g} -> extract/${g}`,
          `extract/${g} -> score/${g}/exact_match`,
          `extract/${g} -> score/${g}/judge`,
          `fetch/judge/j -> score/${g}/judge`,
          `score/${g}/judge -> aggregate/${g}`,
          `aggregate/${g} -> aggregate/task/t1`,
        ]),
      );
    }
    expect(edges).toContain('aggregate/task/t1 -> aggregate/benchmark');
    expect(edges.length).toBe(2 * 8 + 1 + 2);
  });
});
