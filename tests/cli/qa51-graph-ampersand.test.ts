/**
 * QA51: Mermaid and Graphviz both decode HTML entities in labels, so an example id holding `&amp;`
 * (or `&lt;`) showed `&` (`<`) in `evalc graph --examples`. `&` is now Mermaid's `#amp;` and dot's
 * `&amp;`, so the id shows as written; dot node ids stay the plain step ids.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: amp }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: 'Q&amp;A-1', vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

async function graph(format: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa51-graph-'));
  writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
  const result = await runCommand(graphCommand, ['evalc.yaml', '--examples', '--format', format], {
    cwd: dir,
  });
  expect(result.code).toBe(0);
  return result.stdout.split('\n').filter((l) => l.includes('invoke a1/t/d/Q'));
}

describe('evalc graph: & in labels (QA51)', () => {
  it('writes & as #amp; in Mermaid', async () => {
    expect(await graph('mermaid')).toEqual(['  n8["invoke a1/t/d/Q#amp;amp;A-1#0"]']);
  });

  it('writes & as &amp; in dot labels, not in node ids', async () => {
    expect(await graph('dot')).toEqual([
      '  "invoke/a1/t/d/Q&amp;A-1#0" [label="invoke a1/t/d/Q&amp;amp;A-1#0"];',
    ]);
  });
});
