/**
 * A Handlebars syntax error in the plan's words. The parser says what its grammar expected
 * ("Parse error on line 1: expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'")
 * or "if doesn't match each - 1:3"; the user needs the block left open, the closer without an
 * opener, the `{{` without its `}}` (QA161), and what to write.
 */
import { readBlockNesting } from './template-blocks.js';

export interface TemplateSyntaxError {
  message: string;
  hint?: string;
  /** Where in the template the error is (the character a caret points at), when known. */
  offset?: number;
}

/** A closer as written, at the start of the text. */
const CLOSER = /^\{\{~?\/[^}]*\}\}/;

/** A placeholder that names nothing, by its sign. */
const EMPTY: Record<string, { message: string; hint: string }> = {
  '': {
    message: 'is a placeholder without a name',
    hint: 'write a var, `{{question}}`, or `\\{{` for literal braces (`\\\\{{` in a double-quoted YAML value)',
  },
  '#': {
    message: "is a block without its helper's name",
    hint: 'write `{{#if x}}…{{/if}}` or `{{#each items}}…{{/each}}`',
  },
  '&': { message: "is a placeholder without a var's name", hint: 'write `{{&question}}`' },
  '>': {
    message: 'is a partial without its name',
    hint: 'write `{{> name}}` of a partial the leaf defines, `{{#*inline "name"}}…{{/inline}}`',
  },
};

/** As explained: `offset` null when the error is about a place that cannot be found (no fallback). */
type Explained = Omit<TemplateSyntaxError, 'offset'> & { offset?: number | null };

/**
 * The error a template's parse failed with, explained when it is one of the usual slips, with where
 * it is: the parser's offending token (`tokenAt`, its offset in `source`), or the block it names.
 */
export function explainTemplateSyntaxError(
  source: string,
  err: unknown,
  tokenAt?: number,
): TemplateSyntaxError {
  const { offset: found, ...explained } = explain(source, err, tokenAt);
  // An error Handlebars raises with a position (`Invalid path: a/..`) is there, not at the token the
  // lexer read after it; the grammar's own errors carry none and stop at their token.
  const offset =
    found === null ? undefined : (found ?? (hasPosition(err) ? errorLocation(source, err) : tokenAt));
  return offset === undefined ? explained : { ...explained, offset };
}

function explain(source: string, err: unknown, tokenAt: number | undefined): Explained {
  const text = err instanceof Error ? err.message : String(err);
  const first = (text.split('\n')[0] ?? text).trim();
  const got = /got '([A-Z_]+)'\s*$/.exec(text)?.[1];
  const expected = /Expecting (.*), got/.exec(text)?.[1] ?? '';
  const mismatch = /^(\S+) doesn't match (\S+)/.exec(first);
  const nesting = readBlockNesting(source);
  if (mismatch) {
    const [, open, close] = mismatch;
    // The parser names the opener's position; the message (and the caret) are about the closer:
    // the first one that closes another block than the one open, when it is the pair named.
    const at =
      nesting.kind === 'mismatch' && nesting.open.name === open && nesting.closer.name === close
        ? nesting.closer.index
        : undefined;
    return {
      offset: at ?? null,
      message: `\`{{/${close}}}\` closes a \`{{#${open}}}\` block`,
      hint: `close the \`{{#${open} …}}\` block with \`{{/${open}}}\` (blocks close in the reverse order they open)`,
    };
  }
  if (got === 'EOF' && expected.includes("'OPEN_ENDBLOCK'")) {
    const open = nesting.kind === 'nested' ? nesting.unclosed.at(-1) : undefined;
    if (open !== undefined)
      return {
        offset: open.index,
        message: `\`${open.tag}\` is never closed: the text ends inside its block`,
        hint: `end the block with \`{{/${open.name}}}\``,
      };
  }
  if (got === 'OPEN_ENDBLOCK') {
    // The parser stopped at the closer (`tokenAt`): the first one with no block open.
    const rest = tokenAt === undefined ? '' : source.slice(tokenAt);
    const stray =
      tokenAt !== undefined && /^\{\{~?\//.test(rest)
        ? { tag: CLOSER.exec(rest)?.[0], index: tokenAt }
        : nesting.kind === 'stray'
          ? nesting.closer
          : undefined;
    return {
      offset: stray?.index ?? null,
      message: `${stray?.tag ? `\`${stray.tag}\`` : 'a `{{/…}}`'} closes no block: no \`{{#…}}\` before it is open`,
      hint: 'remove it, or open the block before it (`{{#if x}}…{{/if}}`)',
    };
  }
  if (text.startsWith('Lexical error')) {
    const comment = unclosedComment(source);
    if (comment !== undefined)
      return {
        offset: comment,
        message: 'a `{{!--` comment is never closed: the text ends inside it',
        hint: 'end the comment with `--}}`',
      };
    // The lexer reads no NUL outside a placeholder (QA191: 'Lexical error on line 1. Unrecognized
    // text. near `…`: ----^', its own caret line as the message's end).
    const nul = source.indexOf('\0');
    if (nul !== -1)
      return {
        offset: nul,
        message: 'a NUL character (U+0000) cannot stand in a template',
        hint: 'remove it (`\\0` in a double-quoted YAML value writes one)',
      };
  }
  if (got === 'INVALID' && tokenAt !== undefined) {
    const stray = strayCharacter(source, tokenAt);
    if (stray !== undefined) return stray;
  }
  // A closer the text ends in before its name (`{{#if q}}a{{/`): it read the grammar's 7 expected tokens.
  const endCloser = /\{\{~?\/\s*$/.exec(source);
  if (got === 'EOF' && endCloser) {
    const open = nesting.kind === 'nested' ? nesting.unclosed.at(-1) : undefined;
    return {
      offset: endCloser.index,
      message: `the text ends inside \`${endCloser[0].trim()}\`, a closer without its block's name`,
      hint: open
        ? `write \`{{/${open.name}}}\` to close \`${open.tag}\``
        : 'finish it as `{{/name}}`, or remove it',
    };
  }
  // A closer without its name, closed (`{{#if q}}a{{/ }}`), and an opener, `{{else` or `{{^` the text
  // ends in before its name (`{{#`): they read the grammar's 7 expected tokens (QA207).
  const bare = tokenAt === undefined ? null : /\{\{~?\/\s*$/.exec(source.slice(0, tokenAt));
  if (got === 'CLOSE' && bare) {
    const open = nesting.kind === 'nested' ? nesting.unclosed.at(-1) : undefined;
    return {
      offset: bare.index,
      message: "a `{{/}}` without its block's name",
      hint: open ? `write \`{{/${open.name}}}\` to close \`${open.tag}\`` : 'write `{{/name}}`, or remove it',
    };
  }
  // A placeholder that names nothing, `{{}}`, `{{#}}`, `{{&}}`, `{{>}}` (QA207: the grammar's words too).
  const empty = tokenAt === undefined ? null : /(?<!\{)\{\{~?([#&>]?)\s*$/.exec(source.slice(0, tokenAt));
  if (got === 'CLOSE' && empty) {
    const sign = empty[1] ?? '';
    const what = EMPTY[sign] ?? EMPTY['']!;
    return { offset: empty.index, message: `\`{{${sign}}}\` ${what.message}`, hint: what.hint };
  }
  const endOpener = /\{\{~?(#\*?|\^|else\b)\s*$/.exec(source);
  if (got === 'EOF' && endOpener)
    return {
      offset: endOpener.index,
      message: `the text ends inside \`${endOpener[0].trim()}\`, a placeholder not closed with \`}}\``,
      hint:
        endOpener[1] === '#' || endOpener[1] === '#*'
          ? 'finish the block, `{{#if x}}…{{/if}}`, or remove it'
          : 'write `{{else}}` inside a block, or remove it',
    };
  // A `{{` still open where the text ends after a blank (`x {{q ⏎`, as every `|` block ends): said as
  // one at the very end is (QA191: it read the grammar's 14 expected tokens).
  if (got === 'EOF' && expected.includes("'CLOSE'"))
    return { ...unclosedMustache(), offset: openerBefore(source, source.length) };
  if (got === 'INVALID')
    return {
      // At the `}` where `}}` was due, else at the `{{` the lexer could read no further after.
      ...(tokenAt === undefined
        ? {}
        : { offset: source[tokenAt] === '}' ? tokenAt : openerBefore(source, tokenAt) }),
      ...unclosedMustache(),
    };
  if (got === 'CLOSE_UNESCAPED')
    return {
      message: 'a `}}}` closes a placeholder opened with `{{`',
      hint: 'write `{{name}}` (or `{{{name}}}` on both sides)',
    };
  // `{{{name}}` (QA166: both said in the grammar's words, no hint).
  if (got === 'CLOSE' && expected.includes("'CLOSE_UNESCAPED'"))
    return {
      message: 'a `{{{` is closed with `}}`',
      hint: 'write `{{name}}` (or `{{{name}}}` on both sides)',
    };
  if (got === 'INVERSE' && expected.includes("'EOF'"))
    return {
      message: 'an `{{else}}` outside a block',
      hint: 'an `{{else}}` goes inside a block: `{{#if x}}…{{else}}…{{/if}}`',
    };
  if (got === 'INVERSE' && expected === "'OPEN_ENDBLOCK'")
    return {
      message: 'a second `{{else}}` in one block',
      hint: 'a block has one `{{else}}`; chain another test with `{{else if …}}`',
    };
  const near = nearText(text, source);
  return { message: near ? `${first.replace(/:$/, '')} near \`${near}\`: ${lastLine(text)}` : first };
}

/** The template text the parser's caret points at (the message's second line, up to the caret). */
function nearText(message: string, source: string): string | undefined {
  const lines = message.split('\n');
  const excerpt = lines[1];
  const caret = lines[2]?.indexOf('^');
  if (excerpt === undefined || caret === undefined || caret < 0) return undefined;
  // Cut by UTF-16 units (here and in the parser's excerpt): half of an emoji at a cut is dropped.
  return (
    (sourceLineNear(excerpt, caret, source) ?? excerpt.slice(Math.max(0, caret - 20), caret + 10))
      .replace(LONE_SURROGATE, '')
      .trim() || undefined
  );
}

/**
 * The parser's excerpt drops the template's line breaks (QA191: `first⏎x {{q` of a `|` block read
 * near `firstx {{q`, text the plan does not hold): the same place cut from the source, within the
 * line the caret is on (the last line with text when the template ends there), when the excerpt is
 * found in the source once.
 */
function sourceLineNear(excerpt: string, caret: number, source: string): string | undefined {
  // A long template (a pasted document) is not copied for this: the parser's excerpt is quoted.
  if (source.length > 100_000 || !source.includes('\n')) return undefined;
  const head = excerpt.startsWith('...') ? 3 : 0;
  const text = excerpt.slice(head, excerpt.endsWith('...') ? -3 : undefined);
  const at: number[] = [];
  let flat = '';
  for (let i = 0; i < source.length; i++)
    if (source[i] !== '\n') {
      flat += source[i];
      at.push(i);
    }
  const found = flat.indexOf(text);
  if (text === '' || found === -1 || flat.indexOf(text, found + 1) !== -1) return undefined;
  let i = at[found + caret - head] ?? source.length;
  while (i > 0 && source[i - 1] === '\n' && !/\S/.test(source.slice(i))) i--;
  const lineStart = source.lastIndexOf('\n', i - 1) + 1;
  const next = source.indexOf('\n', i);
  return source.slice(Math.max(lineStart, i - 20), Math.min(next === -1 ? source.length : next, i + 10));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function lastLine(message: string): string {
  return message.split('\n').at(-1)?.trim() ?? message;
}

// What an identifier in a placeholder is made of (Handlebars' lexer: ID).
const ID_CHAR = /[^\s!"#%-,./;->@[-^`{-~]/;

/**
 * A placeholder closed with `}}` that holds a character the lexer cannot read (`{{q!}}`, a string
 * or a `[` never closed): said at that character, not as a `{{` left open.
 */
function strayCharacter(source: string, tokenAt: number): Explained | undefined {
  const close = source.indexOf('}}', tokenAt);
  const next = source.indexOf('{{', tokenAt);
  if (source[tokenAt] === '}' || close === -1 || (next !== -1 && next < close)) return undefined;
  let at = tokenAt;
  while (at < close && ID_CHAR.test(source[at] ?? '')) at++;
  const c = source[at] ?? '';
  if (c === '"' || c === "'")
    return {
      offset: at,
      message: `this ${c} opens a string in \`{{…}}\` that no ${c} closes`,
      hint: `close the string with ${c}, or remove the ${c}`,
    };
  if (c === '[')
    return {
      offset: at,
      message: 'this `[` in `{{…}}` is not closed with `]`',
      hint: 'a name of other characters is written in brackets, `{{[first name]}}`: close it with `]`',
    };
  if (c !== '' && '!#%&*+,;<>\\^`{~'.includes(c))
    return {
      offset: at,
      message: `\`${c}\` cannot stand in a placeholder`,
      hint: 'a placeholder holds a name (`{{user_query}}`, `{{a.b}}`), a helper call or a block; for literal braces write `\\{{`',
    };
  return undefined;
}

function unclosedMustache(): { message: string; hint: string } {
  return {
    message: 'a `{{` is not closed with `}}`',
    // `\{` is no escape in a double-quoted YAML value, where templates mostly are (QA166).
    hint: 'end each placeholder with `}}`; for literal braces write `\\{{` (`\\\\{{` in a double-quoted YAML value)',
  };
}

/** The `{{` (the first brace of a `{{{`) that opens the mustache `at` is inside, else `at`. */
function openerBefore(source: string, at: number): number {
  let open = source.lastIndexOf('{{', at);
  if (open === -1) return at;
  while (open > 0 && source[open - 1] === '{') open--;
  return open;
}

/** Where a `{{!--` comment opens that no `--}}` closes (Handlebars' lexer stops there). */
function unclosedComment(source: string): number | undefined {
  for (const match of source.matchAll(/\{\{~?!--/g)) {
    const escaped = source[match.index - 1] === '\\' && source[match.index - 2] !== '\\';
    if (escaped) continue;
    const end = /--~?\}\}/.exec(source.slice(match.index + match[0].length));
    if (end === null) return match.index;
  }
  return undefined;
}

/** Whether a Handlebars exception says where it is. */
function hasPosition(err: unknown): boolean {
  return typeof (err as { lineNumber?: unknown } | null)?.lineNumber === 'number';
}

/** Where a Handlebars exception says it is, as an offset in `source`. */
function errorLocation(source: string, err: unknown): number | undefined {
  const { lineNumber, column } = (err ?? {}) as { lineNumber?: unknown; column?: unknown };
  if (typeof lineNumber !== 'number' || typeof column !== 'number') return undefined;
  return offsetOfPosition(source, { line: lineNumber, column });
}

/**
 * The offset in `source` of a Handlebars position (`line` from 1, `column` from 0), if it is in it.
 * Its lexer ends a line at `\r\n`, `\r` or `\n`; on a line after the first it counts a column up
 * to a U+2028 or U+2029 of the text before only (its `.` matches neither), so a position on such
 * a line is not placed.
 */
export function offsetOfPosition(
  source: string,
  at: { line: number; column: number } | undefined,
): number | undefined {
  if (!at) return undefined;
  const lineEnd = /\r\n?|\n/g;
  let offset = 0;
  for (let line = 1; line < at.line; line++) {
    const end = lineEnd.exec(source);
    if (end === null) return undefined;
    offset = lineEnd.lastIndex;
  }
  if (at.line > 1 && /^[^\r\n]*[\u2028\u2029]/.test(source.slice(offset))) return undefined;
  return offset + at.column <= source.length ? offset + at.column : undefined;
}
