/**
 * QA38: `evalc graph --examples` put an example id in a Mermaid label as it is, but for `"` (made
 * `'`): Mermaid renders labels as HTML, so an id `a<b>c` showed "c" in bold and `x<y z` lost the
 * rest of its label, and `#lt;` in an id became `<`. Labels now use Mermaid's entity codes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: odd, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: 'e"1<b>x#lt;y', vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('evalc graph: Mermaid labels (QA38)', () => {
  it('writes <, >, " and an entity-looking # of an example id as Mermaid entity codes', async () => {
    const dir = tempFolder('evalc-qa38-graph-');
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const result = await runCommand(graphCommand, ['evalc.yaml', '--examples'], { cwd: dir });
    expect(result.code).toBe(0);
    const line = result.stdout.split('\n').find((l) => l.includes('invoke a1/t/d/e'));
    expect(line).toBe('  n8["invoke a1/t/d/e#quot;1#lt;b#gt;x#35;lt;y#0"]');
    // every label is one quoted string with no raw <, > or " inside
    for (const l of result.stdout.split('\n').filter((x) => x.includes('["'))) {
      expect(l).toMatch(/^ {2}n\d+\["[^"<>]*"\]$/);
    }
  });
});
