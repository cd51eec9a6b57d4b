/**
 * How to fix the YAML reader's usual syntax errors, said beside its message (QA161: a tab in the
 * indentation, `key:value` without a space, an item one space off came with no hint).
 */

const HINTS: { code?: string; message: RegExp; hint: (match: RegExpExecArray) => string }[] = [
  {
    code: 'TAB_AS_INDENT',
    message: /./,
    hint: () =>
      'indent with spaces: YAML refuses a tab in indentation (set the editor to insert spaces in .yaml files)',
  },
  {
    message: /^Nested mappings are not allowed in compact mappings/,
    hint: () =>
      'a value that is itself a mapping goes on its own, more indented lines, or in braces (`a1: { protocol: raip }`); quote a text that holds `: `',
  },
  {
    message: /^All (mapping|sequence) items must start at the same column/,
    hint: (m) =>
      `indent this ${m[1] === 'mapping' ? 'key' : '`-`'} with as many spaces as the other items beside it`,
  },
  {
    message: /^Implicit map keys need to be followed by map values/,
    hint: () => 'write a space after the colon (`key: value`); quote a text that is no key',
  },
  {
    code: 'BAD_SCALAR_START',
    message: /reserved character (\S)/,
    hint: (m) => `quote the value: a plain value cannot start with ${m[1]} ("${m[1]}…")`,
  },
  {
    // `"\{{"` (a template's literal braces), `"C:\path"` (QA166: said with no hint).
    message: /^Invalid escape sequence (\\.)/,
    hint: (m) =>
      `in double quotes a backslash starts an escape (\\n, \\", \\\\): write \`\\${m[1]}\` to keep \`${m[1]}\` as written, or single-quote the value ('…')`,
  },
  {
    message: /^Unexpected , in flow (map|sequence)/,
    hint: () => 'remove the extra comma: items are separated by one comma',
  },
];

export function yamlErrorHint(code: string, message: string): string | undefined {
  for (const entry of HINTS) {
    if (entry.code !== undefined && entry.code !== code) continue;
    const match = entry.message.exec(message);
    if (match) return entry.hint(match);
  }
  return undefined;
}
