/**
 * QA51: Mermaid and Graphviz both decode HTML entities in labels, so an example id holding `&amp;`
 * (or `&lt;`) showed `&` (`<`) in `evalc graph --examples`. `&` is now Mermaid's `#amp;` and dot's
 * `&amp;`, so the id shows as written; dot node ids stay the plain step ids.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { tempFolder } from '../fixtures/temp-folder.js';
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
  const dir = tempFolder('evalc-qa51-graph-');
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

const JUDGED = `evalc: 1
benchmark: { id: judged }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
judges:
  j: { protocol: openai, url: http://127.0.0.1:9/v1, model: m }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
`;

describe('evalc graph --examples: judges (QA51)', () => {
  it("links the judge to each example's judge score, as to its group's", async () => {
    const dir = tempFolder('evalc-qa51-graph-');
    writeFileSync(path.join(dir, 'evalc.yaml'), JUDGED);
    const result = await runCommand(graphCommand, ['evalc.yaml', '--examples', '--format', 'dot'], {
      cwd: dir,
    });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter((l) => l.startsWith('  "fetch/judge/j" ->'))).toEqual([
      '  "fetch/judge/j" -> "score/a1/t/d/e1#0/judge";',
      '  "fetch/judge/j" -> "score/a1/t/d/judge";',
    ]);
  });
});
