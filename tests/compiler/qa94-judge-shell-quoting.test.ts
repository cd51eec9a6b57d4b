/**
 * QA94: the stdio judge command check (QA92, judge-shell.ts) read a quoted `>` as a redirection,
 * refusing commands that work (`node judge.mjs --sep '>' --mode x`), and let through forms that
 * fail every call: `judge.mjs>log` (no space), a `# comment` (which swallows evalc's appended
 * ` rpc <method>`), a final `&` / `;`, and `> /dev/stdout` (the judge's stdout is a socket, which
 * sh cannot open by name: "cannot create /dev/stdout"), and a stdin redirection (`< /dev/null`:
 * evalc writes the params to stdin).
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

async function severities(command: string): Promise<string[]> {
  return (await judgeCommandDiagnostics(command)).map((d) => `${d.severity} ${d.message}`);
}

describe('a stdio judge command: what sh reads as a redirection, a comment, an operator (QA94)', () => {
  it('stays silent on a quoted or escaped `>`, an argument', async () => {
    for (const command of [
      "node judge.mjs --sep '>' --mode x",
      'node judge.mjs --sep ">" --mode x',
      'node judge.mjs \\> x',
      "node judge.mjs --prompt '> quoted' 2>>judge.err",
      'bash -lc \'node judge.mjs "$@"\' _',
      'node "my dir/judge.mjs" 2>&1',
      'env FOO=1 exec node judge.mjs --color=#fff',
      // `command: |` blocks: a line break ends a command; a comment ends at the line's end.
      'node judge.mjs\n',
      'node judge.mjs <&0 --sep "<"',
      "node judge.mjs 3<extra.json --title '<b>'",
      '# the judge\ncd judges\nnode judge.mjs 2>judge.log\n',
    ])
      expect(await severities(command), command).toEqual([]);
  });

  it('refuses the forms that fail every call', async () => {
    const cases: [string, string][] = [
      ['node judge.mjs>judge.log', "sends the judge's stdout elsewhere (`judge.mjs>judge.log`)"],
      ['node judge.mjs # the judge', 'ends in a comment (`# the judge`)'],
      ['cd judges\nnode judge.mjs # the judge\n', 'ends in a comment (`# the judge`)'],
      ['node judge.mjs > judge.log\n', "sends the judge's stdout elsewhere (`> judge.log`)"],
      ['node judge.mjs &', 'ends in `&`'],
      ['node judge.mjs;', 'ends in `;`'],
      ['node judge.mjs > /dev/stdout', 'redirects stdout to itself by name (`> /dev/stdout`)'],
      ['node judge.mjs 1>/dev/fd/1', 'redirects stdout to itself by name (`1>/dev/fd/1`)'],
      ['node judge.mjs >&-', "sends the judge's stdout elsewhere (`>&-`)"],
      ['node judge.mjs < /dev/null', "takes the judge's stdin from elsewhere (`< /dev/null`)"],
      ['node judge.mjs 0<params.json 2>log', "takes the judge's stdin from elsewhere (`0<params.json`)"],
      ['node judge.mjs <&-', "takes the judge's stdin from elsewhere (`<&-`)"],
    ];
    for (const [command, says] of cases) {
      const found = await severities(command);
      expect(found, command).toHaveLength(1);
      expect(found[0], command).toContain(`error judge j: command: ${says}`);
    }
  });
});
