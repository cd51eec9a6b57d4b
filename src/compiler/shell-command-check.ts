/**
 * What sh does with a command evalc runs (QA113), beside judge-shell.ts's checks of a stdio
 * judge's `command:`:
 * - a stdio judge's command gets ` rpc <method>` appended to its text, so the last command gets it.
 *   `judge; true`, `judge && true`, `judge || true` gave it to `true` (the judge ran with no method
 *   and `true`'s status hid the judge's), any `judge || fallback` gives it to the fallback, and
 *   `(judge)` or `{ judge; }` become `(judge) rpc version`, a syntax error: all passed validate.
 * - an agent's or judge's `serve.command` and an mae agent's local `command` run under sh as well,
 *   where bash's `|&` is a syntax error ('Syntax error: "&" unexpected' in dash): the process never
 *   starts. It was refused in a judge's command only (QA94, QA106).
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { maskKeyRefs, quoteCommandPart } from './command-quote.js';
import { shellTokens, type Token } from './shell-tokens.js';

/** Builtins that take no judge's place: `rpc <method>` given to them is lost, their status is theirs. */
const ARG_SINKS = new Set(['true', 'false', ':', 'exit', 'return', 'wait', 'echo', 'printf']);

/** A stdio judge's command whose last command is not the judge, or that sh refuses with `rpc …` after it. */
export function judgeTailDiagnostics(
  id: string,
  words: Token[],
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic[] {
  const error = (message: string, hint: string) =>
    diagnostic('EVALC_JUDGE_CONFIG', `judge ${id}: command: ${maskKeyRefs(message)}`, path, {
      source,
      hint: maskKeyRefs(hint),
    });
  const last = words[words.length - 1];
  if (!last || last.operator) return [];
  // An unquoted `)` or `}` at the end: `(judge) rpc version` is sh's "Syntax error: word unexpected".
  if (last.bare.endsWith(')') || last.bare === '}')
    return [
      error(
        `ends in a subshell or group (\`${quoteCommandPart(last.raw)}\`): evalc appends \`rpc <method>\` to the command, and sh refuses a word after \`)\` or \`}\` (syntax error), so every call would fail`,
        'name the judge itself (`node judge.mjs`), or a script that runs it with its arguments ("$@")',
      ),
    ];
  const lastOp = words.map((t) => t.operator === true).lastIndexOf(true);
  if (lastOp === -1) return [];
  const op = words[lastOp]?.text;
  const tail = words.slice(lastOp + 1);
  const first = tail[0]?.text ?? '';
  // Cut as what validate quotes elsewhere (QA287): a 120 KiB command's tail was quoted whole, twice.
  const shown = quoteCommandPart(tail.map((t) => t.raw).join(' '));
  if (op === '||')
    return [
      error(
        `ends in \`|| ${shown}\`: evalc appends \`rpc <method>\` to the last command, so it would run \`${shown} rpc version\` (the judge gets no method), and only when what comes before fails: its exit status is hidden`,
        'remove the `||` part: evalc records a judge that fails as a judge_error of that example',
      ),
    ];
  if (ARG_SINKS.has(first))
    return [
      error(
        `ends in \`${op} ${shown}\`: evalc appends \`rpc <method>\` to the last command, so \`${first}\` would get it, not the judge, and its exit status would hide the judge's`,
        `remove \`${op} ${shown}\`: evalc records a judge that fails as a judge_error of that example`,
      ),
    ];
  return [];
}

/** QA131: an mae local command's stdout carries its JSON replies: `2>&1 |` mixes stderr into them (invalid_json). */
const LOCAL_HINT =
  'keep a log of its stderr with `2>agent.log`: its stdout carries the JSON replies, and `2>&1 |` would mix stderr into them (invalid_json)';

function bashPipe(command: string, path: PlanPath, who: string, source: SourcePosition | undefined) {
  if (!shellTokens(command).words.some((t) => t.operator && t.text === '|&')) return [];
  return [
    diagnostic(
      path[0] === 'judges' ? 'EVALC_JUDGE_CONFIG' : 'EVALC_AGENT_CONFIG',
      `${who}: pipes with \`|&\`, which sh does not know: evalc runs the command with sh, where it is a syntax error ('Syntax error: "&" unexpected' in dash), so the process would never start`,
      path,
      { source, hint: path[2] === 'command' ? LOCAL_HINT : 'write `2>&1 |` instead' },
    ),
  ];
}

/** `|&` in an agent's or judge's `serve.command` and in an mae agent's local `command`. */
export function serveCommandDiagnostics(
  plan: Plan,
  at: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const section of ['agents', 'judges'] as const)
    for (const [id, entry] of Object.entries(plan[section])) {
      const command = entry.serve?.command;
      const p: PlanPath = [section, id, 'serve', 'command'];
      if (command) out.push(...bashPipe(command, p, `${section.slice(0, -1)} ${id}: serve.command`, at(p)));
    }
  for (const [id, agent] of Object.entries(plan.agents))
    if (agent.protocol === 'mae' && agent.command) {
      const p: PlanPath = ['agents', id, 'command'];
      out.push(...bashPipe(agent.command, p, `agent ${id}: command`, at(p)));
    }
  return out;
}
