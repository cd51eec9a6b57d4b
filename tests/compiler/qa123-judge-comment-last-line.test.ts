/**
 * QA123 (reported by QA117): a `command: |` judge block whose last line is a comment got the right
 * error ("ends in a comment") and a second, false one, "ends in `;`": the line break before the
 * comment reads as a `;`, and no `;` was written. A `;` or `&` written before the comment lines is
 * still named.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function messages(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map((d) => `${d.severity} ${d.message}`);
}

describe('a judge command block ending in comment lines (QA123)', () => {
  it('names the comment only', async () => {
    for (const command of [
      'cd judges\nnode judge.mjs\n# runs the judge\n',
      'cd judges\nnode judge.mjs\n  # runs the judge\n# and more\n',
    ]) {
      const found = await messages(command);
      expect(found, command).toHaveLength(1);
      expect(found[0], command).toContain('ends in a comment');
    }
  });

  it('still names a `;` or `&` written before the comment lines', async () => {
    for (const [command, op] of [
      ['node judge.mjs;\n# runs the judge\n', ';'],
      ['node judge.mjs &\n# runs the judge\n', '&'],
    ] as const) {
      const found = await messages(command);
      expect(found, command).toHaveLength(2);
      expect(found[1], command).toContain(`ends in \`${op}\``);
    }
  });
});
