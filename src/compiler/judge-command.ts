/**
 * A stdio agent-eval judge's `command:` is the binary: evalc appends `rpc <method>` itself
 * (`<command> rpc version`, `<command> rpc judge`, `<command> rpc-batch judge`). DESIGN's wording
 * ("`agent-eval rpc judge` over stdio") invites `command: agent-eval rpc judge`, which ran
 * `agent-eval rpc judge rpc version` — the judge read `version`'s `{}` as judge params and failed
 * every call with its own error (a Python judge: a KeyError traceback) (QA82).
 */

const RPC_METHODS = new Set(['judge', 'version', 'listrubrics']);

/** The trailing `rpc [method]` / `rpc-batch [method]` words of a judge command, or undefined. */
export function trailingRpcWords(command: string): string | undefined {
  const words = command.trim().split(/\s+/);
  const last = words[words.length - 1]?.toLowerCase();
  const before = words[words.length - 2]?.toLowerCase();
  if (words.length >= 2 && (last === 'rpc' || last === 'rpc-batch'))
    return optionValue(words, words.length - 1) ? undefined : words[words.length - 1];
  // `rpc judge` after an option is refused whichever it is: a flag (`agent-eval --verbose rpc judge`)
  // then evalc's subcommand, or an option's value followed by a `judge` argument — evalc appends
  // `rpc judge` after it either way (QA84: f5bd801 let the flag form through, every call failed).
  if (words.length >= 3 && (before === 'rpc' || before === 'rpc-batch') && last && RPC_METHODS.has(last))
    return words.slice(-2).join(' ');
  return undefined;
}

/**
 * `words[i]` follows an option (`--transport rpc`, `-m rpc`): the option's value, not evalc's
 * subcommand — refusing it blocked a working judge and hinted `command: … --transport` (QA83).
 */
function optionValue(words: string[], i: number): boolean {
  const option = words[i - 1] ?? '';
  return /^-{1,2}[A-Za-z]/.test(option) && !option.includes('=');
}
