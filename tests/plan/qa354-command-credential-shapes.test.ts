/**
 * QA354: 547bf59a let an option's credential word follow a prefix (`--hf-token`), so a tokenizer's
 * special token, `--eos-token '<|im_end|>'` (`EOS_TOKEN=…` too), was masked as a secret of the run:
 * every answer saying `<|im_end|>` was recorded `[redacted]`, and an edited token re-scored nothing.
 * A flag so named, followed by another option (`--use_auth_token --model_name_or_path gpt2`),
 * had that option masked as its key. And aade6504's fallback missed sh's alternative form,
 * `${OPENAI_API_KEY:+sk-…}`, which writes the key out when the variable is set.
 * Real subprocesses: a RAIP agent on loopback, a node stdio judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandSecrets, maskCommandCredentials } from '../../src/plan/command-secrets.js';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from '../protocols/qa4-judge-plan.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// `node judge.mjs rpc <method>`: a seed-era judge echoing the content it judged in its rationale.
const JUDGE = `import { readFileSync } from 'node:fs';
const method = process.argv[3];
const params = JSON.parse(readFileSync(0, 'utf8') || '{}');
const out = (o) => console.log(JSON.stringify(o));
if (method === 'version') {
  out({ result: { package: '@tangle-network/agent-eval', version: '0.20.10', wireVersion: '1.0.0', apiSurface: ['judge', 'listRubrics', 'version'] } });
} else if (method === 'listRubrics') {
  const dimensions = [{ id: 'buyer_quality', description: 'b', weight: 0.5 }, { id: 'voice', description: 'v', weight: 0.3 }, { id: 'signal', description: 's', weight: 0.2 }];
  out({ result: { rubrics: [{ name: 'anti-slop', description: 'd', dimensions, failureModes: [], rubricVersion: 'anti-slop@a4f2b8c1' }] } });
} else {
  const dims = { buyer_quality: 0.8, voice: 0.8, signal: 0.8 };
  out({ result: { composite: 0.8, dimensions: dims, failureModes: [], wins: [], rationale: 'judged ' + params.content, rubricVersion: 'anti-slop@a4f2b8c1', model: 'm', durationMs: 1 } });
}
`;

describe('command shapes next to a written credential (QA354)', () => {
  it('a special token and a flag before another option are no keys; a key as :+ alternative is one', () => {
    const cases: Array<[string, string]> = [
      [
        'python agent.py --eos-token \'<|im_end|>\' --pad_token "<|endoftext|>"',
        'python agent.py --eos-token \'<|im_end|>\' --pad_token "<|endoftext|>"',
      ],
      ["BOS_TOKEN='<|begin_of_text|>' x", "BOS_TOKEN='<|begin_of_text|>' x"],
      [
        'python run.py --use_auth_token --model_name_or_path gpt2',
        'python run.py --use_auth_token --model_name_or_path gpt2',
      ],
      ['node j.mjs --no-password -m gpt-4o-mini-2024', 'node j.mjs --no-password -m gpt-4o-mini-2024'],
      ['OPENAI_API_KEY=${OPENAI_API_KEY:+sk-AbC123xyz9} x', 'OPENAI_API_KEY=${OPENAI_API_KEY:+***} x'],
      // still keys: a prefixed key option, its value given with `=` even when it starts with a dash
      ['x --hf-token hf_AbC123xyz --openai-api-key=-AbC123xyz9', 'x --hf-token *** --openai-api-key=***'],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
    expect(commandSecrets('python run.py --use_auth_token --model_name_or_path gpt2')).toEqual([]);
  });

  it('an answer saying the special token is kept, and an edited token re-scores', async () => {
    assertBuilt();
    const agent = await startQa4RaipAgent();
    const { dir, cleanup } = tempWorkspace('qa354-cmd');
    cleanups.push(() => agent.close(), cleanup);
    writeFileSync(path.join(dir, 'judge.mjs'), JUDGE);
    const command = (token: string) => `EOS_TOKEN='${token}' node judge.mjs`;
    writeJudgePlan(dir, 'qa354-cmd', agent.url, { command: command('<|im_end|>'), rubric: 'anti-slop' });
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      `${JSON.stringify({ id: 'b', vars: { q: 'stop at <|im_end|>' } })}\n`,
    );
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('EVALC_COMMAND_CREDENTIALS');
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).toContain('stop at <|im_end|>');
    expect(report).not.toContain('redacted');
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan.replace(command('<|im_end|>'), command('<|eot_id|>')));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(planned.stdout).not.toContain('No changes');
  }, 60_000);
});
