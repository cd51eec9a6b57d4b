/**
 * What the shell does with a stdio judge's `command:` that makes every call fail although the rpc
 * check (judge-command.ts) passes it: evalc runs `sh -c '<command> rpc <method>'` and reads the
 * reply from the command's stdout (QA92). Three forms a user writes passed validate and failed
 * every judge call at apply:
 * - `node judge.mjs > judge.log 2>&1`: the reply goes to the file ("no output (exit 0)"): an error.
 * - `node judge.mjs 2>&1 | tee judge.log`: evalc's `rpc version` goes to `tee` (the pipeline's last
 *   command), not the judge ("unknown command: undefined"): a warning (`cat | judge` would work).
 * - `sh -c 'node judge.mjs'`: the words after `-c`'s script are its `$0`, `$1`, so `rpc version`
 *   never reaches the judge: a warning unless the script passes `"$@"` and a `$0` word follows it.
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from '../plan/diagnostic.js';
import { maskKeyRefs, quoteCommandPart } from './command-quote.js';
import { judgeTailDiagnostics } from './shell-command-check.js';
import { shellTokens, type Token } from './shell-tokens.js';

/** Paths that are evalc's end of the judge's stdout: a socket, which sh cannot open by name. */
const STDOUT_PATHS = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/**
 * A redirection of stdout (`>f`, `1>>f`, `&>f`, `>&2`, `judge.mjs>f`, or `>` then its target word)
 * away from evalc, as written, and whether it names stdout by path (`> /dev/stdout`). Only an
 * unquoted `>` redirects: `--sep '>'` is an argument (QA94).
 */
function stdoutRedirection(words: Token[]): { written: string; byPath: boolean } | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w || w.operator) continue;
    const at = w.bare.indexOf('>');
    if (at === -1) continue;
    const fd = w.bare.slice(0, at);
    const op = /^(>>|>\||>&|>)/.exec(w.bare.slice(at))?.[1] ?? '>';
    const rest = w.text.slice(at + op.length);
    const next = rest === '' ? words[i + 1] : undefined;
    const target = rest !== '' ? rest : next?.text;
    if (next) i++;
    // Another descriptor (`2>log`, `2>&1`), or a word of digits sh reads as one.
    if (/^\d+$/.test(fd) && fd !== '1') continue;
    if (target === undefined || (op === '>&' && target === '1')) continue;
    const written = next ? `${w.raw} ${next.raw}` : w.raw;
    return { written, byPath: STDOUT_PATHS.has(target) };
  }
  return undefined;
}

/**
 * A redirection of stdin (`< /dev/null`, `0<file`, `<<EOF`, `<&-`) in the judge's command, as
 * written: evalc writes the params there (QA94). `<&0` and a process substitution `<(…)` are not.
 */
function stdinRedirection(words: Token[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w || w.operator) continue;
    const at = w.bare.indexOf('<');
    if (at === -1 || w.bare[at + 1] === '(') continue;
    const fd = w.bare.slice(0, at);
    const op = /^(<<-?|<&|<>|<)/.exec(w.bare.slice(at))?.[1] ?? '<';
    const rest = w.text.slice(at + op.length);
    const next = rest === '' ? words[i + 1] : undefined;
    if (next) i++;
    if (fd !== '' && fd !== '0' && /^\d+$/.test(fd)) continue;
    if (op === '<&' && (rest || next?.text) === '0') continue;
    return next ? `${w.raw} ${next.raw}` : w.raw;
  }
  return undefined;
}

/**
 * The command's last token, read without the comment lines it ends in: a `command: |` whose last
 * line is a comment got a second, false error, "ends in `;`" (the line break before the comment;
 * QA117, QA123). A `;` or `&` written before those lines is still the last token.
 */
function finalToken(command: string, all: Token[], comment: string | undefined): Token | undefined {
  if (comment === undefined) return all[all.length - 1];
  const lines = command.trimEnd().split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim().startsWith('#')) lines.pop();
  if (lines.length === 0) return undefined;
  const { words } = shellTokens(lines.join('\n').trimEnd());
  return words[words.length - 1];
}

const SHELLS = /^(?:.*\/)?(?:sh|bash|dash|zsh|ksh|ash)$/;

export function judgeShellDiagnostics(
  id: string,
  command: string,
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic[] {
  // evalc drops the command's trailing line breaks before appending `rpc <method>` (rpc-process.ts).
  const { words: all, comment } = shellTokens(command.trimEnd());
  const out: Diagnostic[] = [];
  const error = (message: string, hint: string) =>
    out.push(
      diagnostic('EVALC_JUDGE_CONFIG', `judge ${id}: command: ${maskKeyRefs(message)}`, path, {
        source,
        hint: maskKeyRefs(hint),
      }),
    );
  // QA94: what follows the command's text is evalc's ` rpc <method>`: a comment swallows it, and
  // after a final `&` / `;` / `&&` it is a command of its own.
  if (comment !== undefined)
    error(
      `ends in a comment (\`${quoteCommandPart(comment)}\`): evalc appends \`rpc <method>\` to the command, so the comment would swallow it and every call fail`,
      'remove the comment (YAML comments go after the value, outside its quotes)',
    );
  const final = finalToken(command, all, comment);
  if (final?.operator)
    error(
      `ends in \`${final.text}\`: evalc appends \`rpc <method>\` to the command, so \`rpc version\` would run as a command of its own and every call fail`,
      `remove the final \`${final.text}\``,
    );
  // QA113: `judge; true`, `judge || true`, `(judge)`: the judge never gets `rpc <method>`.
  out.push(...judgeTailDiagnostics(id, all, path, source));
  const lastOp = all.map((t) => t.operator === true).lastIndexOf(true);
  const last = all.slice(lastOp + 1);
  const stdin = stdinRedirection(last);
  if (stdin !== undefined)
    error(
      `takes the judge's stdin from elsewhere (\`${quoteCommandPart(stdin)}\`): evalc writes the params of each call to stdin, so every call would fail`,
      'remove the redirection: the judge reads its params from the stdin evalc gives it',
    );
  const redirect = stdoutRedirection(last);
  if (redirect?.byPath)
    error(
      `redirects stdout to itself by name (\`${quoteCommandPart(redirect.written)}\`): the judge's stdout is a socket evalc reads, which sh cannot open by name ("cannot create /dev/stdout"), so every call would fail`,
      'remove the redirection: stdout already goes to evalc',
    );
  else if (redirect !== undefined)
    error(
      `sends the judge's stdout elsewhere (\`${quoteCommandPart(redirect.written)}\`): evalc reads its reply from stdout, so every call would fail with no output`,
      'redirect stderr alone to keep a log (`2>judge.log`), or write a script that logs and prints the reply',
    );
  // QA94, QA106: `|&` is bash's (and zsh's); sh — dash on Debian and Ubuntu — refuses the
  // whole command ('Syntax error: "&" unexpected'), so every call fails, not only the pipeline's.
  if (all.some((t) => t.operator && t.text === '|&'))
    error(
      'pipes with `|&`, which sh does not know: evalc runs the command with sh, where it is a syntax error (\'Syntax error: "&" unexpected\' in dash), so every call would fail',
      // QA131: it said `2>&1 |`, a pipeline whose last command (`tee`) gets `rpc <method>`: the warning below.
      'keep a log of its stderr with `2>judge.log` (`2>&1 | tee` would give `rpc <method>` to `tee`, not the judge), or a script that logs and runs the judge with its arguments ("$@")',
    );
  else if (all.some((t) => t.operator && t.text === '|')) {
    const tail = quoteCommandPart(last.map((t) => t.raw).join(' '));
    out.push(
      diagnostic(
        'EVALC_JUDGE_CONFIG',
        `judge ${id}: command: is a pipeline: evalc appends \`rpc <method>\` to its last command (it would run \`${tail} rpc version\`), and the judge's stdin is the pipe, not the params`,
        path,
        {
          severity: 'warning',
          source,
          hint: 'wrap the pipeline in a script that passes its arguments ("$@") to the judge, and name the script',
        },
      ),
    );
  }
  // `sh -c SCRIPT [$0 [$1 …]]`: evalc's `rpc <method>` fill $0 and $1 when no word follows SCRIPT.
  const [shell, flag, script, ...rest] = last;
  if (shell && flag && script && SHELLS.test(shell.text) && /^-[a-z]*c$/.test(flag.text)) {
    const passes = /\$(?:@|\*|\{[@*]|[1-9]|\{[1-9])/.test(script.text);
    if (!passes || rest.length === 0) {
      // Cut as the other quotes (QA300: a 3 kB path or flag was quoted whole, twice).
      const runs = quoteCommandPart(`${shell.text} ${flag.text}`);
      out.push(
        diagnostic(
          'EVALC_JUDGE_CONFIG',
          `judge ${id}: command: runs \`${runs}\` with a script: the words after the script are its $0, $1, …, so evalc's \`rpc version\` would ${passes ? 'fill $0 and $1 (the script gets `version` alone)' : 'never reach the judge'}`,
          path,
          {
            severity: 'warning',
            source,
            hint: `pass them on and name $0: \`${runs} '… "$@"' judge\`, or name a script file`,
          },
        ),
      );
    }
  }
  return out;
}
