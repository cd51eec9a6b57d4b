/**
 * `compilePlan(...).graph` is the graphlib DAG of the public API (src/index.ts). QA80 made it a
 * function to build it only for `evalc graph`; a library caller's `compiled.graph.nodes()` then threw
 * (QA84). It is a lazy getter now: a `Graph` on first read, built once, and not enumerable, so the
 * commands that copy a compiled plan with a spread never build it.
 */
import { describe, expect, it } from 'vitest';
import { compileDir, writeFiles } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: http, url: "http://127.0.0.1:9/x" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { answer: hi } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`;

describe("a compiled plan's graph", () => {
  it('is a Graph on first read, the same one after, and no enumerable key', async () => {
    const compiled = await compileDir(writeFiles({ 'evalc.yaml': PLAN }, 'evalc-graph-api-'));
    expect(Object.keys(compiled)).not.toContain('graph');
    const graph = compiled.graph;
    expect(graph.nodes()).toContain('invoke/a/t/d');
    expect(graph.successors('invoke/a/t/d')).toEqual(['extract/a/t/d']);
    expect(compiled.graph).toBe(graph);
  });
});
