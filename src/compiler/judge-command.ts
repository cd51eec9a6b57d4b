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
  if (words.length >= 2 && (last === 'rpc' || last === 'rpc-batch')) return words[words.length - 1];
  if (words.length >= 3 && (before === 'rpc' || before === 'rpc-batch') && last && RPC_METHODS.has(last))
    return words.slice(-2).join(' ');
  return undefined;
}
