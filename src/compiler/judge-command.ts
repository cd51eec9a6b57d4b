/**
 * A stdio agent-eval judge's `command:` is the binary: evalc appends `rpc <method>` itself
 * (`<command> rpc version`, `<command> rpc judge`, `<command> rpc-batch judge`). DESIGN's wording
 * ("`agent-eval rpc judge` over stdio") invites `command: agent-eval rpc judge`, which ran
 * `agent-eval rpc judge rpc version` — the judge read `version`'s `{}` as judge params and failed
 * every call with its own error (a Python judge: a KeyError traceback) (QA82).
 *
 * The command runs under `sh -c` with ` rpc <method>` appended to its text, so a trailing
 * redirection (`2>log`, `> /dev/null`, `2>&1`) leaves the words before it the last arguments:
 * the check reads through it (QA89).
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from '../plan/diagnostic.js';
import { codePointTail } from '../protocols/quote-cut.js';
import { maskKeyRefs, quoteCommandPart } from './command-quote.js';

const RPC_METHODS = new Set(['judge', 'version', 'listrubrics']);

/**
 * Options known to take a value, so a lone trailing `rpc` after one is that value and not evalc's
 * subcommand: `--transport rpc` (and its `-t`), `python3 -m rpc` (a module). After any other option
 * (`agent-eval --verbose rpc`) it may be either: a warning, not an error (QA89).
 */
const VALUE_OPTIONS = new Set(['--transport', '-t', '-m']);

/** A redirection word with its target (`2>log`, `>>out`, `2>&1`, `&>log`, `<in`), or a bare operator (`>`). */
const REDIRECTION = /^(?:\d*|&)(?:>>|>&|>\||<&|<>|>|<)(.*)$/;

/** The command's words without its trailing shell redirections (`2>log`, `> /dev/null`). */
function argumentWords(command: string): { words: string[]; redirections: string } {
  const words = command.trim().split(/\s+/);
  let end = words.length;
  for (;;) {
    const last = REDIRECTION.exec(words[end - 1] ?? '');
    if (last && last[1] !== '' && end > 1) {
      end -= 1;
      continue;
    }
    const before = REDIRECTION.exec(words[end - 2] ?? '');
    if (before && before[1] === '' && end > 2) {
      end -= 2;
      continue;
    }
    break;
  }
  return { words: words.slice(0, end), redirections: words.slice(end).join(' ') };
}

export interface TrailingRpc {
  /** `rpc judge`, `rpc`, `rpc-batch`. */
  words: string;
  /** The command to write instead: without those words, its redirections kept. */
  binary: string;
  /** The option before a lone trailing `rpc` that may take it as its value (`--verbose`). */
  option?: string;
}

/** The trailing `rpc [method]` / `rpc-batch [method]` words of a judge command, or undefined. */
export function trailingRpcWords(command: string): TrailingRpc | undefined {
  const { words, redirections } = argumentWords(command);
  const n = words.length;
  const last = words[n - 1]?.toLowerCase();
  const before = words[n - 2]?.toLowerCase();
  const found = (k: number, option?: string): TrailingRpc => ({
    words: words.slice(n - k).join(' '),
    binary: [...words.slice(0, n - k), redirections].join(' ').trim(),
    ...(option === undefined ? {} : { option }),
  });
  if (n >= 2 && (last === 'rpc' || last === 'rpc-batch')) {
    const option = words[n - 2] ?? '';
    if (!/^-{1,2}[A-Za-z]/.test(option) || option.includes('=')) return found(1);
    return VALUE_OPTIONS.has(option) ? undefined : found(1, option);
  }
  // `rpc judge` after an option is refused whichever it is: a flag (`agent-eval --verbose rpc judge`)
  // then evalc's subcommand, or an option's value followed by a `judge` argument — evalc appends
  // `rpc judge` after it either way (QA84: f5bd801 let the flag form through, every call failed).
  if (n >= 3 && (before === 'rpc' || before === 'rpc-batch') && last && RPC_METHODS.has(last))
    return found(2);
  return undefined;
}

/**
 * The diagnostic of a judge command ending in `rpc …`: an error when evalc's own `rpc <method>`
 * would follow it for sure; a warning for a lone `rpc` after an option not known to take a value
 * (`--verbose rpc`: a flag then the subcommand, or `--mode rpc`: a value), saying how to write either.
 */
export function judgeCommandDiagnostic(
  id: string,
  command: string,
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic | undefined {
  const found = trailingRpcWords(command);
  if (!found) return undefined;
  // A command may be 120 KiB: quoted cut, its end kept where `rpc` is (QA289: quoted whole, three times).
  // A key pasted as a reference's name is said `${env…}` before the cut (QA300: quoted whole).
  const trimmed = maskKeyRefs(command.trim());
  const runs = `${trimmed.length > 80 ? `…${codePointTail(trimmed, 80)}` : trimmed} rpc version`;
  const binary = quoteCommandPart(found.binary);
  if (found.option !== undefined) {
    // An option word may be as long as the command: cut as the rest (QA300: quoted whole, four times).
    const [option, words] = [quoteCommandPart(found.option), found.words];
    return diagnostic(
      'EVALC_JUDGE_CONFIG',
      `judge ${id}: command: ends in \`${option} ${words}\`: if \`${words}\` is evalc's subcommand, evalc appends it itself (it would run \`${runs}\`)`,
      path,
      {
        severity: 'warning',
        source,
        hint: `\`command: ${binary}\` if \`${words}\` is the subcommand; \`${option}=${words}\` if it is ${option}'s value (no warning)`,
      },
    );
  }
  return diagnostic(
    'EVALC_JUDGE_CONFIG',
    `judge ${id}: command: ends in \`${found.words}\`, which evalc appends itself (it would run \`${runs}\`)`,
    path,
    {
      source,
      hint: `give the binary alone, \`command: ${binary}\`: evalc runs \`${binary} rpc version\`, \`… rpc judge\` (params on stdin)`,
    },
  );
}
