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

interface Token {
  text: string;
  /** An unquoted control operator (`|`, `||`, `&&`, `;`, `&`). */
  operator?: boolean;
  /** The word as written, quotes kept (to show it back). */
  raw: string;
}

/** The command's words and control operators, quotes removed (enough of sh's rules to find them). */
function tokens(command: string): Token[] {
  const out: Token[] = [];
  let text = '';
  let raw = '';
  let open = false;
  const end = () => {
    if (open) out.push({ text, raw });
    text = '';
    raw = '';
    open = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] ?? '';
    if (c === "'" || c === '"') {
      const close = command.indexOf(c, i + 1);
      const stop = close === -1 ? command.length : close;
      const inner = command.slice(i + 1, stop);
      text += c === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
      raw += command.slice(i, stop + 1);
      open = true;
      i = stop;
    } else if (c === '\\') {
      text += command[i + 1] ?? '';
      raw += command.slice(i, i + 2);
      open = true;
      i++;
    } else if (/\s/.test(c)) {
      end();
    } else if (c === '|' || c === '&' || c === ';') {
      // `2>&1`, `>&2`, `&>log` are redirections, not operators.
      if (c === '&' && (command[i - 1] === '>' || command[i - 1] === '<' || command[i + 1] === '>')) {
        text += c;
        raw += c;
        open = true;
        continue;
      }
      if (c === '|' && command[i - 1] === '>') {
        text += c;
        raw += c;
        open = true;
        continue;
      }
      end();
      const two = command.slice(i, i + 2);
      const op = two === '||' || two === '&&' || two === ';;' ? two : c;
      out.push({ text: op, raw: op, operator: true });
      i += op.length - 1;
    } else {
      text += c;
      raw += c;
      open = true;
    }
  }
  end();
  return out;
}

/** A redirection of stdout (`>f`, `1>>f`, `&>f`, `>&2`, or `>` then its target word) away from evalc, as written. */
function stdoutRedirection(words: Token[]): string | undefined {
  for (const [i, w] of words.entries()) {
    const m = /^(1|&)?(>>|>\||>&|>)(.*)$/.exec(w.text);
    if (!m || w.operator) continue;
    const target = m[3] !== '' ? m[3] : words[i + 1]?.text;
    if (target === undefined || target === '1' || target === '/dev/stdout' || target === '/dev/fd/1')
      continue;
    if (m[2] === '>&' && target === '-') continue;
    return m[3] !== '' ? w.raw : `${w.raw} ${words[i + 1]?.raw ?? ''}`;
  }
  return undefined;
}

const SHELLS = /^(?:.*\/)?(?:sh|bash|dash|zsh|ksh|ash)$/;

export function judgeShellDiagnostics(
  id: string,
  command: string,
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic[] {
  const all = tokens(command);
  const out: Diagnostic[] = [];
  const lastOp = all.map((t) => t.operator === true).lastIndexOf(true);
  const last = all.slice(lastOp + 1);
  const redirect = stdoutRedirection(last);
  if (redirect !== undefined) {
    out.push(
      diagnostic(
        'EVALC_JUDGE_CONFIG',
        `judge ${id}: command: sends the judge's stdout elsewhere (\`${redirect}\`): evalc reads its reply from stdout, so every call would fail with no output`,
        path,
        {
          source,
          hint: 'redirect stderr alone to keep a log (`2>judge.log`), or write a script that logs and prints the reply',
        },
      ),
    );
  }
  if (all.some((t) => t.operator && t.text === '|')) {
    const tail = last.map((t) => t.raw).join(' ');
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
      out.push(
        diagnostic(
          'EVALC_JUDGE_CONFIG',
          `judge ${id}: command: runs \`${shell.text} ${flag.text}\` with a script: the words after the script are its $0, $1, …, so evalc's \`rpc version\` would ${passes ? 'fill $0 and $1 (the script gets `version` alone)' : 'never reach the judge'}`,
          path,
          {
            severity: 'warning',
            source,
            hint: `pass them on and name $0: \`${shell.text} ${flag.text} '… "$@"' judge\`, or name a script file`,
          },
        ),
      );
    }
  }
  return out;
}
