/**
 * QA100: a stdio judge failure quotes the last 200 characters of the judge's stderr, secrets
 * masked (ff28ea8: a timeout too). The mask was applied to the message after the cut, so a secret
 * the cut began inside kept its tail in the open: `key=qa100-…-0123456789` then 190 characters
 * left `stderr: 123456789 ....` in stderr, run.log, report.json/md/html and junit.xml. The whole
 * stderr is masked first now, for a call that times out and for one that exits with no output.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const SECRET = 'qa100-secret-token-0123456789';
/** Prints the token and 190 characters after it, then hangs (`version`) or exits with no output. */
const JUDGE = `
process.stderr.write('judge: key=' + process.env.QA100_TOKEN + ' ' + '.'.repeat(190) + '\\n');
if (process.env.QA100_MODE === 'crash') process.exit(3);
setTimeout(() => undefined, 60_000);
`;

const counting = useCountingAgent();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('evalc apply: a stdio judge whose stderr tail starts inside a secret (QA100)', () => {
  for (const mode of ['hang', 'crash'] as const) {
    it(`masks the secret before cutting the tail (${mode})`, async () => {
      const dir = counting.workspace(`qa100-judge-tail-${mode}`);
      writeDataset(dir, 'd1.jsonl', countingExamples(1));
      writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
      const plan = {
        evalc: 1,
        benchmark: { id: 'judge-tail', version: '1.0.0' },
        agents: {
          a1: {
            protocol: 'raip',
            url: counting.agent.url,
            headers: { authorization: 'Bearer ${env.QA100_TOKEN}' },
          },
        },
        judges: {
          jr: {
            protocol: 'agent-eval',
            command: 'node judge.mjs',
            rubric: 'reg',
            limits: { retries: 0, timeout: '1s' },
          },
        },
        tasks: {
          t1: {
            bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
            datasets: { d1: { source: 'd1.jsonl' } },
            metrics: [{ type: 'judge', judge: 'jr', content: '{{candidate.answer}}' }],
          },
        },
      };
      writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
      const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
        cwd: dir,
        env: { ...process.env, QA100_TOKEN: SECRET, QA100_MODE: mode },
      });
      // The judge's failure is quoted, its tail beginning at the mask.
      const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
      expect(report).toMatch(
        new RegExp(
          `\\(stdio\\): no ${mode === 'hang' ? 'reply within 1000 ms' : 'output \\(exit 3\\)'}; stderr: [^*]{0,12}\\*\\*\\* \\.{20}`,
        ),
      );
      const tail = SECRET.slice(-9);
      expect(run.stderr).not.toContain(tail);
      for (const file of filesUnder(path.join(dir, '.evalc')))
        expect(readFileSync(file, 'latin1'), file).not.toContain(tail);
      expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).not.toContain(tail);
    }, 60_000);
  }
});
