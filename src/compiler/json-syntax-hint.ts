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
  if (here === '#' || (here === '/' && text[(at ?? 0) + 1] === '/'))
    return jsonl
      ? 'a comment in JSONL is a line of its own that starts with `//`'
      : 'JSON has no comments: remove it (a .jsonl line starting with `//`, or a .yaml `#`, is one)';
  const word = /[:[,]\s*([A-Za-z_]\w*)$/.exec(before)?.[1];
  if (word !== undefined && !['true', 'false', 'null'].includes(word))
    return `\`${word}\` is no JSON value: a text value is in double quotes ("text"); true, false and null are written in lower case`;
  if (/^Unexpected number/.test(message) && /[:[,]\s*-?0$/.test(before))
    return 'a JSON number has no leading zero: 7, not 07 (write "07" to keep it as text)';
  if (/^Bad escaped character/.test(message))
    return 'a `\\` in a JSON string starts an escape (\\n, \\t, \\", \\\\): write a backslash itself as \\\\';
  if (/^Bad control character/.test(message) && here === '\n')
    return 'close the string with `"` before the line ends; a line break inside a string is written \\n';
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

/**
 * V8's words for a JSON syntax error without its offset (`in JSON at position 70`, given as
 * file:line:col beside it) or its quote of the text (`Unexpected token ''', ...",\n {"id": 'b'}\n]"
 * is not valid JSON`: several lines of a JSON file, in a one-line message; QA170).
 */
export function jsonErrorWords(message: string): string {
  const token = /^Unexpected token '([\s\S])', [\s\S]*is not valid JSON$/.exec(message)?.[1];
  if (token !== undefined)
    return `Unexpected character ${/[\x00-\x20`\x7f]/.test(token) ? JSON.stringify(token) : `\`${token}\``}`;
  return message.replace(/ (?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?$/, '');
}
