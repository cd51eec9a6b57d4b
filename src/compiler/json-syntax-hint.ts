/**
 * How to fix a dataset's JSON that does not parse (QA161: the parser's "Expected property name or
 * '}' in JSON at position 1" of `{id: 3}`, or "Unexpected token '#'" of a `# comment` line in JSONL,
 * came with no hint). `text` is what was parsed (a JSONL line, or a whole JSON file) and `at` the
 * offset the parser names.
 */
export function jsonSyntaxHint(
  text: string,
  message: string,
  at: number | undefined,
  jsonl: boolean,
): string | undefined {
  const trimmed = text.trimStart();
  if (jsonl && trimmed.startsWith('#')) return 'a comment line in JSONL starts with `//`';
  const here = at === undefined ? undefined : text[at];
  const before = at === undefined ? '' : text.slice(0, at).trimEnd();
  if ((here === '}' || here === ']') && before.endsWith(','))
    return 'remove the comma before it: JSON allows no trailing comma';
  if (/^Unexpected token '[A-Za-z_]'/.test(message) && /[:[,]$/.test(before))
    return 'a text value is in double quotes ("text"); true, false and null are written in lower case';
  if (/Expected (double-quoted )?property name/.test(message)) {
    if (here === "'") return 'JSON names a field in double quotes: "id", not \'id\'';
    return 'JSON names a field in double quotes: {"id": "s1"}';
  }
  if (/Unexpected token '''/.test(message) || here === "'")
    return "JSON strings are in double quotes, not ''";
  if (/Bad control character in string literal/.test(message))
    return 'write a tab or a line break inside a string as \\t or \\n';
  if (/Unterminated string/.test(message))
    return 'close the string with `"` (a `"` inside it is written \\")';
  if (/Expected ',' or '}' after property value/.test(message))
    return 'put a `,` between two fields, or the `}` that closes the object here';
  if (/Expected ',' or ']' after array element/.test(message))
    return 'put a `,` between two items, or the `]` that closes the list here';
  if (/Unexpected non-whitespace character after JSON/.test(message))
    return jsonl
      ? 'one example per line: this line holds more after its object'
      : 'the file holds more after its value';
  if (/Unexpected end of JSON input/.test(message))
    return jsonl
      ? 'the line ends before its object closes: each example is one line, every { and [ closed on it'
      : 'the file ends before its value closes: close every { and [';
  return undefined;
}
