/**
 * QA100: the stdio judge command check (judge-shell.ts) closed a double-quoted word at an escaped
 * `\"`, so the rest of the word read as bare shell: `node judge.mjs --m "a \" < b"` was refused as
 * a stdin redirection (EVALC_JUDGE_CONFIG, an error since 5e51db4; 900abe8 passed it) and
 * `"a \" > b"` as a stdout one, although sh passes `a " < b` to the judge as one argument. A `>`
 * after the closing quote still redirects. So with a command substitution, `--key $(cat < key.txt)`
 * (5e51db4 refused it; 900abe8 passed it): its redirection and pipe are its own, not the judge's.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function messages(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map((d) => `${d.severity} ${d.message}`);
}

describe('a stdio judge command: an escaped quote inside a double-quoted word (QA100)', () => {
  it('reads `\\"` as part of the word: its `<` and `>` are arguments, as sh reads them', async () => {
    const cwd = tempFolder('evalc-qa100-sh-');
    for (const command of [
      'node judge.mjs --m "a \\" < b"',
      'node judge.mjs --m "a \\" > b"',
      'node judge.mjs --m "say \\"hi\\" > there" --n "x \\\\" 2>judge.err',
    ]) {
      // What sh itself gives the command: one argument holding the `<` / `>`, nothing redirected.
      // (in a temp folder of its own: a `2>judge.err` in the command is a real redirection there)
      const argv = execFileSync('sh', ['-c', `set -- ${command}; printf '%s\\n' "$@"`], {
        encoding: 'utf8',
        cwd,
      });
      expect(
        argv.split('\n').some((a) => /[<>]/.test(a)),
        command,
      ).toBe(true);
      expect(await messages(command), command).toEqual([]);
    }
  });

  it("reads a command substitution as part of its word: its `<`, `>`, `|` are not the judge's", async () => {
    for (const command of [
      'node judge.mjs --key $(cat < key.txt)',
      'node judge.mjs --key `cat < key.txt`',
      'node judge.mjs --n $(ls | wc -l) --m $((1 + 2))',
      'node judge.mjs --when $(date > /dev/null; echo "now (utc)")',
    ])
      expect(await messages(command), command).toEqual([]);
    expect(await messages('node judge.mjs --key $(cat key.txt) > judge.log')).toEqual([
      expect.stringMatching(/^error judge j: command: sends the judge's stdout elsewhere \(`> judge\.log`\)/),
    ]);
  });

  it('still refuses a redirection after the closing quote', async () => {
    expect(await messages('node judge.mjs --m "a \\" b" > judge.log')).toEqual([
      expect.stringMatching(/^error judge j: command: sends the judge's stdout elsewhere \(`> judge\.log`\)/),
    ]);
    expect(await messages('node judge.mjs --m "a \\\\" < params.json')).toEqual([
      expect.stringMatching(
        /^error judge j: command: takes the judge's stdin from elsewhere \(`< params\.json`\)/,
      ),
    ]);
  });
});
