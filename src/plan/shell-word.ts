/**
 * A command line word as a shell reads it back, for a refusal that offers the line to type:
 * quoted when it holds a blank, a quote or another character the shell would act on (`--only 'a b'`).
 * A word holding a control character (a line feed, an ESC, U+202E) is written in bash's and zsh's
 * $'…' quoting with the character spelt out (`$'a\x1b[2Jb.yaml'`): single-quoted, the terminal
 * escaping of every message turned it into `\u001b`, and the line offered named another file (QA196).
 */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export function shellWord(word: string): string {
  if (CONTROL.test(word)) return `$'${[...word].map(ansiC).join('')}'`;
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** One character inside $'…': a backslash and a quote escaped, a control character spelt out. */
function ansiC(c: string): string {
  if (c === '\\' || c === "'") return `\\${c}`;
  if (c === '\n') return '\\n';
  if (c === '\t') return '\\t';
  if (!CONTROL.test(c)) return c;
  const code = c.codePointAt(0) ?? 0;
  // \x writes a byte; a C1 control or a bidi control is a character of its own, \u in a UTF-8 locale.
  return code < 0x80
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The words of a command line, each as `shellWord` writes it, joined by spaces. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
