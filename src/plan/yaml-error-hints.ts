/**
 * How to fix the YAML reader's usual syntax errors, said beside its message (QA161: a tab in the
 * indentation, `key:value` without a space, an item one space off came with no hint).
 */
import { placeholderHoldsKey } from './placeholder-keys.js';
import { holdsKey } from './secret-placement.js';

/** Where the reader stopped: the text of that line, and what follows on the lines after it. */
export interface ErrorSite {
  line: string;
  /** The line up to the error. */
  before: string;
  rest: string;
  /** Whether the line sits under a `headers:` or `env:` key, whose values are secrets (QA335). */
  secret?: boolean;
}

const HINTS: {
  code?: string;
  message: RegExp;
  /** Whether the hint fits where the error is (by default it does). */
  site?: (site: ErrorSite) => boolean;
  hint: (match: RegExpExecArray, site: ErrorSite) => string;
}[] = [
  {
    // A line indented past its sibling key continues the value above it (`protocol: raip` then
    // ` url: …` one space deeper): not a mapping written on its key's line (QA166).
    message: /^Nested mappings are not allowed in compact mappings/,
    site: (s) => /^[^:#]*\n/.test(s.rest),
    hint: () =>
      'the next line is indented further than the key above it, so it continues that value: indent its key as the others beside it',
  },
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
    site: (s) => /\S:[^\s]/.test(s.line),
    hint: () => 'write a space after the colon (`key: value`); quote a text that is no key',
  },
  {
    // A line with no `key:` in a mapping (`- a` beside keys, a word alone): QA166, it was told to
    // write a space after a colon it does not have.
    message: /^Implicit (map )?keys need to be/,
    site: (s) => !s.line.includes(':'),
    hint: (_m, s) =>
      /^\s*-(\s|$)/.test(s.line)
        ? 'a `- ` item belongs to a list under a key: indent it below the `key:` whose list it is'
        : `a line of a mapping is \`key: value\`: end the key with a colon (\`${quotableLine(s) ?? 'name'}:\`)`,
  },
  {
    // `gates:` then `  metric: pass_rate` then `  - { … }` (QA166: three errors, no hint).
    message: /^A block sequence may not be used as an implicit map key/,
    hint: () =>
      "a `- ` item cannot sit among a mapping's keys: write every entry as a `- ` item, or indent the list under the key it belongs to",
  },
  {
    // `{ description: Eval: the first }`, `{ repeats: 2 seed: 3 }` (QA166: no hint).
    message: /^Block collections are not allowed within flow collections/,
    hint: () =>
      'inside `{ }` and `[ ]` items are separated by commas, and a text that holds `: ` is quoted ("Eval: the first")',
  },
  {
    // `headers: { x-key: ${env.KEY} }`: in braces a `{` starts a mapping (QA166: no hint, and
    // some 190 errors after it). Only a reference is quoted back: a header's literal is a secret.
    message: /^Unexpected flow-map-start/,
    site: (s) => s.before.endsWith('$'),
    hint: (_m, s) =>
      `quote a value that holds \`\${…}\` inside \`{ }\` or \`[ ]\`: "$${/^\{env\.[A-Za-z_]\w*\}/.exec(s.rest)?.[0] ?? '{env.NAME}'}" (there a \`{\` starts a mapping)`,
  },
  {
    // Only where the line has more closers than openers: a `}` after a slip that ended the value
    // early (an unquoted `${env.KEY}`) closes its own `{` (QA166).
    message: /^Unexpected flow-(map|seq)-end token/,
    site: (s) => unclosedOn(s.before, s.rest[0] === ']' ? '[' : '{') <= 0,
    hint: (m) => (m[1] === 'map' ? 'remove this `}`: it closes no `{`' : 'remove this `]`: it closes no `[`'),
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

export function yamlErrorHint(
  code: string,
  message: string,
  site: ErrorSite = { line: '', before: '', rest: '' },
): string | undefined {
  for (const entry of HINTS) {
    if (entry.code !== undefined && entry.code !== code) continue;
    const match = entry.message.exec(message);
    if (match && (entry.site?.(site) ?? true)) return entry.hint(match, site);
  }
  return undefined;
}

/** The line of `text` holding `offset`, and the text from `offset` on. */
export function errorSite(text: string, offset: number): ErrorSite {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return {
    line: text.slice(start, end < 0 ? undefined : end).replace(/\r$/, ''),
    before: text.slice(start, offset),
    rest: text.slice(offset),
    secret: underSecretKey(text, start),
  };
}

/**
 * The error line as a hint may quote it back: not a header's or serve.env's value (the excerpt
 * masks it: a line `Bearer ghp_…` continuing `authorization:` was hinted `Bearer ghp_…:`, QA335),
 * nor one holding a word that reads as a key.
 */
function quotableLine(site: ErrorSite): string | undefined {
  const line = site.line.trim();
  // a name of words however long is quoted, `conversationHistoryForEvaluation:` (QA346: said `name:`)
  const keyed = (word: string) => holdsKey(word) && placeholderHoldsKey(undefined, word);
  if (site.secret || line.split(/\s+/).some((word) => keyed(word.replace(/^\$/, '')))) return undefined;
  return line;
}

/** Whether the line starting at `start` is indented under a `headers:`/`header:` or `env:` key (at most 200 lines up). */
function underSecretKey(text: string, start: number): boolean {
  const lines = text.slice(Math.max(0, start - 20_000), start).split('\n');
  let indent = /^[ \t]*/.exec(text.slice(start))?.[0].length ?? 0;
  for (let i = lines.length - 2, seen = 0; i >= 0 && indent > 0 && seen < 200; i--, seen++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (!/\S/.test(line) || /^\s*#/.test(line)) continue;
    const own = /^[ \t]*/.exec(line)![0].length;
    if (own >= indent) continue;
    indent = own;
    const key = /^\s*(?:-\s+)?["']?([^"':]+?)["']?\s*:(?:\s|$)/.exec(line)?.[1];
    if (key !== undefined && /^(?:headers?|env)$/i.test(key)) return true;
  }
  return false;
}

/** How many `open`s the line's text leaves unclosed (quoted text left out). */
function unclosedOn(text: string, open: '{' | '['): number {
  const close = open === '{' ? '}' : ']';
  const bare = text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '');
  return [...bare].reduce((n, c) => n + (c === open ? 1 : c === close ? -1 : 0), 0);
}

/**
 * A file most of whose line ends are a lone CR (an old Mac line break), its first line's or not,
 * which the YAML reader does not end a line at: it is one long line to the reader, its errors one per token (QA179: a plan saved so
 * read ten errors, none about its line ends; one opening with a comment read empty). Where that CR
 * is, and what to say of it.
 */
export function loneCrLineEnds(text: string): { offset: number; message: string; hint: string } | undefined {
  // At the first lone CR, its first line's own end or not: a schema comment line added with LF on
  // top of such a file read 'Nested mappings are not allowed…' and no word of its line ends (QA191).
  const offset = text.search(/\r(?!\n)/);
  if (offset === -1) return undefined;
  if (!/\S/.test(text.slice(offset))) return undefined;
  // A LF file with one stray CR in its first line (a comment pasted from an old Mac note) ends its
  // lines with LF: its own error is said (QA187: it read 'the lines of this file end with a lone CR',
  // its unclosed `{` not at all, and saved with LF line ends as told, it read the same).
  if ((text.match(/\r(?!\n)/g)?.length ?? 0) <= (text.match(/\n/g)?.length ?? 0)) return undefined;
  return {
    offset,
    message:
      'the lines of this file end with a lone CR (an old Mac line break), which YAML here does not end a line at',
    hint: 'save it with LF or CRLF line ends',
  };
}
