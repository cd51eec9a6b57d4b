/**
 * QA100: a `mae` local agent's stderr lines are kept for its errors (`process_crashed`'s
 * `details.stderrTail`, the message's summary) cut to 500 characters, and the run's secrets were
 * masked after the cut: a secret the cut ran through kept its head in the open (`key=mtok-SECRET-…`
 * cut at `key=mtok-SEC`), which no mask matched, in report.json, report.html, junit.xml, run.log
 * and steps.log. Each line is masked before it is cut now. Real processes: the CLI, the counting
 * RAIP agent (whose header holds the secret) and a mae local agent that prints it and crashes.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent } from './apply-harness.js';

const SECRET = 'zq7mae-SECRET-abcdefghij-0123456789';
/** 480 characters, then the token across the 500-character cut, then an error line; exit 2. */
const AGENT = `
process.stderr.write('x'.repeat(475) + ' key=' + process.env.QA100_MAE_TOKEN + ' tail\\n');
process.stderr.write('Error: the model is not loaded\\n');
process.exit(2);
`;

const counting = useCountingAgent();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('evalc apply: a mae local agent whose stderr line is cut inside a secret (QA100)', () => {
  it('masks the secret before the line is cut', async () => {
    const dir = counting.workspace('qa100-mae-stderr-secret');
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'task' } })}\n`);
    const plan = {
      evalc: 1,
      benchmark: { id: 'mae-stderr', version: '1.0.0' },
      agents: {
        a: { protocol: 'mae', transport: 'local', command: 'node agent.mjs' },
        b: {
          protocol: 'raip',
          url: counting.agent.url,
          headers: { authorization: 'Bearer ${env.QA100_MAE_TOKEN}' },
        },
      },
      tasks: {
        t: {
          bindings: {
            default: { input: '{{q}}', output: { answer: 'final_answer' } },
            b: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } },
          },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'task' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: dir,
      env: { ...process.env, QA100_MAE_TOKEN: SECRET },
    });
    const report = readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8');
    // The agent's crash is recorded, its stderr quoted up to the mask.
    expect(report).toContain('process_crashed');
    expect(report).toContain(`${'x'.repeat(20)} key=***`);
    const head = SECRET.slice(0, 8);
    expect(run.stderr).not.toContain(head);
    for (const file of [...filesUnder(path.join(dir, '.evalc')), path.join(dir, 'evalc.lock')])
      expect(readFileSync(file, 'latin1'), file).not.toContain(head);
  }, 60_000);
});
