/**
 * QA354: 547bf59a let an option's credential word follow a prefix (`--hf-token`), so a tokenizer's
 * special token, `--eos-token '<|im_end|>'` (`EOS_TOKEN=…` too), was masked as a secret of the run:
 * every answer saying `<|im_end|>` was recorded `[redacted]`, and an edited token re-scored nothing.
 * A flag so named, followed by another option (`--use_auth_token --model_name_or_path gpt2`),
 * had that option masked as its key. And aade6504's fallback missed sh's alternative form,
 * `${OPENAI_API_KEY:+sk-…}`, which writes the key out when the variable is set.
 * Real subprocesses: a RAIP agent on loopback, a node stdio judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { commandSecrets, maskCommandCredentials } from '../../src/plan/command-secrets.js';
import { applyQuiet, commandJudgeWorkspace, planEditedCommand } from '../fixtures/command-judge-workspace.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

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

  it('a key starting with one dash after its option is still a key; a short or plain option is none (QA362)', () => {
    // c69fe718 took any word starting -letter for an option, so a base64url key that starts with a
    // dash, which Go's flag and click take as the value, was recorded whole in evalc.lock
    const cases: Array<[string, string]> = [
      ['judge --api-key -Xk29Fj3kLmN0pQrStUv', 'judge --api-key ***'],
      ['judge --token -aB3_xYz9QwErTy --model m', 'judge --token *** --model m'],
      ['node j.mjs --no-password -m gpt-4o-mini-2024', 'node j.mjs --no-password -m gpt-4o-mini-2024'],
      ['x --use_auth_token -model_name_or_path gpt2', 'x --use_auth_token -model_name_or_path gpt2'],
      ['x --use_auth_token --Xk29Fj3kLmN0pQrStUv', 'x --use_auth_token --Xk29Fj3kLmN0pQrStUv'],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
    expect(commandSecrets('judge --api-key -Xk29Fj3kLmN0pQrStUv')).toContain('-Xk29Fj3kLmN0pQrStUv');
  });

  it('an answer saying the special token is kept, and an edited token re-scores', async () => {
    const command = (token: string) => `EOS_TOKEN='${token}' node judge.mjs`;
    const dir = await commandJudgeWorkspace(
      'qa354-cmd',
      command('<|im_end|>'),
      'stop at <|im_end|>',
      cleanups,
    );
    const { applied, report } = await applyQuiet(dir);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout + applied.stderr).not.toContain('EVALC_COMMAND_CREDENTIALS');
    expect(report).toContain('stop at <|im_end|>');
    expect(report).not.toContain('redacted');
    const planned = await planEditedCommand(dir, command('<|im_end|>'), command('<|eot_id|>'));
    expect(planned.stdout).not.toContain('No changes');
  }, 60_000);
});
