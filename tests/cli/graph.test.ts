/**
 * `evalc graph`: the DAG of the basic fixture plan as Mermaid and Graphviz dot, collapsed to
 * agent × task × dataset groups or expanded to one node per example step.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { FIXTURE_PLANS, runCommand } from './run-cli.js';

const BASIC = path.join(FIXTURE_PLANS, 'basic');
const MISTAKES = path.join(FIXTURE_PLANS, 'ten-mistakes');
const graph = (cwd: string, ...args: string[]) => runCommand(graphCommand, ['evalc.yaml', ...args], { cwd });

describe('evalc graph', () => {
  it('draws the collapsed DAG as a Mermaid flowchart (the default format)', async () => {
    const result = await graph(BASIC);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "flowchart LR
        n0["aggregate a1/search/course-search"]
        n1["aggregate a1/search/inline"]
        n2["aggregate basic"]
        n3["aggregate search"]
        n4["extract a1/search/course-search"]
        n5["extract a1/search/inline"]
        n6["fetch a1"]
        n7["fetch search/course-search"]
        n8["fetch search/inline"]
        n9["invoke a1/search/course-search"]
        n10["invoke a1/search/inline"]
        n11["score a1/search/course-search/exact_match"]
        n12["score a1/search/course-search/pass_rate"]
        n13["score a1/search/inline/exact_match"]
        n14["score a1/search/inline/pass_rate"]
        n0 --> n3
        n1 --> n3
        n3 --> n2
        n4 --> n11
        n4 --> n12
        n5 --> n13
        n5 --> n14
        n6 --> n9
        n6 --> n10
        n7 --> n9
        n8 --> n10
        n9 --> n4
        n10 --> n5
        n11 --> n0
        n12 --> n0
        n13 --> n1
        n14 --> n1
      "
    `);
  });

  it('draws the collapsed DAG as Graphviz dot', async () => {
    const result = await graph(BASIC, '--format', 'dot');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "digraph evalc {
        rankdir=LR;
        "aggregate/a1/search/course-search" [label="aggregate a1/search/course-search"];
        "aggregate/a1/search/inline" [label="aggregate a1/search/inline"];
        "aggregate/benchmark" [label="aggregate basic"];
        "aggregate/task/search" [label="aggregate search"];
        "extract/a1/search/course-search" [label="extract a1/search/course-search"];
        "extract/a1/search/inline" [label="extract a1/search/inline"];
        "fetch/agent/a1" [label="fetch a1"];
        "fetch/dataset/search/course-search" [label="fetch search/course-search"];
        "fetch/dataset/search/inline" [label="fetch search/inline"];
        "invoke/a1/search/course-search" [label="invoke a1/search/course-search"];
        "invoke/a1/search/inline" [label="invoke a1/search/inline"];
        "score/a1/search/course-search/exact_match" [label="score a1/search/course-search/exact_match"];
        "score/a1/search/course-search/pass_rate" [label="score a1/search/course-search/pass_rate"];
        "score/a1/search/inline/exact_match" [label="score a1/search/inline/exact_match"];
        "score/a1/search/inline/pass_rate" [label="score a1/search/inline/pass_rate"];
        "aggregate/a1/search/course-search" -> "aggregate/task/search";
        "aggregate/a1/search/inline" -> "aggregate/task/search";
        "aggregate/task/search" -> "aggregate/benchmark";
        "extract/a1/search/course-search" -> "score/a1/search/course-search/exact_match";
        "extract/a1/search/course-search" -> "score/a1/search/course-search/pass_rate";
        "extract/a1/search/inline" -> "score/a1/search/inline/exact_match";
        "extract/a1/search/inline" -> "score/a1/search/inline/pass_rate";
        "fetch/agent/a1" -> "invoke/a1/search/course-search";
        "fetch/agent/a1" -> "invoke/a1/search/inline";
        "fetch/dataset/search/course-search" -> "invoke/a1/search/course-search";
        "fetch/dataset/search/inline" -> "invoke/a1/search/inline";
        "invoke/a1/search/course-search" -> "extract/a1/search/course-search";
        "invoke/a1/search/inline" -> "extract/a1/search/inline";
        "score/a1/search/course-search/exact_match" -> "aggregate/a1/search/course-search";
        "score/a1/search/course-search/pass_rate" -> "aggregate/a1/search/course-search";
        "score/a1/search/inline/exact_match" -> "aggregate/a1/search/inline";
        "score/a1/search/inline/pass_rate" -> "aggregate/a1/search/inline";
      }
      "
    `);
  });

  it('expands every example step with --examples', async () => {
    const result = await graph(BASIC, '--format', 'dot', '--examples');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const nodes = lines.filter((l) => l.includes('[label='));
    const edges = lines.filter((l) => l.includes(' -> '));
    // 15 collapsed nodes + 4 examples × (invoke + extract + 2 scores).
    expect(nodes).toHaveLength(15 + 4 * 4);
    expect(result.stdout).toContain('"invoke/a1/search/inline/i1#0" [label="invoke a1/search/inline/i1#0"];');
    expect(edges).toContain('  "fetch/dataset/search/inline" -> "invoke/a1/search/inline/i1#0";');
    expect(edges).toContain('  "fetch/agent/a1" -> "invoke/a1/search/inline/i1#0";');
    expect(edges).toContain('  "invoke/a1/search/inline/i1#0" -> "extract/a1/search/inline/i1#0";');
    expect(edges).toContain(
      '  "extract/a1/search/inline/i1#0" -> "score/a1/search/inline/i1#0/exact_match";',
    );
    expect(edges).toContain('  "score/a1/search/inline/i1#0/pass_rate" -> "aggregate/a1/search/inline";');
    const mermaid = await graph(BASIC, '--examples');
    expect(mermaid.stdout.split('\n').filter((l) => l.includes('["'))).toHaveLength(15 + 4 * 4);
  });

  it('exits 64 for an unknown format and 65 for an invalid plan', async () => {
    const bad = await graph(BASIC, '--format', 'svg');
    expect(bad.code).toBe(64);
    // QA183: named as diff and report name theirs, with the formats it takes.
    expect(bad.stderr.split('\n')[0]).toBe('evalc: unknown --format "svg" (mermaid or dot)');
    const invalid = await graph(MISTAKES);
    expect(invalid.code).toBe(65);
    expect(invalid.stdout).toBe('');
  });
});
