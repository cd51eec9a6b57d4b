/**
 * QA188: `--only` of three parts (`grading/d1/`, a trailing slash after a dataset) was hinted
 * 'ids hold no `/`: --only search or --only search/course-search', README's ids, whatever the
 * plan held. The hint now names the plan's own: the task and dataset given when the plan has
 * them, else its first (exit 65, EVALC_ONLY_UNKNOWN, as before).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

function planFolder(): string {
  const dir = tempFolder('evalc-qa188-only-');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    [
      'evalc: 1',
      'benchmark: { id: b, version: 1.0.0 }',
      'agents:',
      '  a1: { protocol: raip, url: "http://127.0.0.1:9" }',
      'tasks:',
      '  grading:',
      '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }',
      '    datasets:',
      '      easy: { examples: [ { id: e1, vars: { q: a }, expected: { answer: a } } ] }',
      '      hard: { examples: [ { id: e1, vars: { q: b }, expected: { answer: b } } ] }',
      '    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]',
      '',
    ].join('\n'),
  );
  return dir;
}

const plan = (only: string) => runCommand(planCommand, ['evalc.yaml', '--only', only], { cwd: planFolder() });

describe('--only of three parts', () => {
  it.each([
    ['grading/hard/', '--only grading or --only grading/hard'],
    ['grading//', '--only grading or --only grading/easy'],
    ['x/y/z', '--only grading or --only grading/easy'],
  ])('%j is hinted with the ids of the plan', async (only, hint) => {
    const result = await plan(only);
    expect(result.code).toBe(65);
    expect(result.stderr).toBe(
      `error EVALC_ONLY_UNKNOWN: --only takes task or task/dataset, not \`${only}\` (3 parts)\n` +
        `  hint: ids hold no \`/\`: ${hint}\n` +
        '1 error, 0 warnings\n',
    );
  });
});
