/**
 * The blocks of a template as Handlebars nests them, read from its text: which `{{#…}}` a
 * `{{/…}}` closes, the first closer that closes another block than the one open, the blocks
 * left open at the end. Comments (`{{!-- … --}}`, `{{! … }}`), raw blocks and escaped mustaches
 * (`\{{`) hold no blocks; a partial block (`{{#> name}}`) and a decorator block (`{{#*inline}}`)
 * are named as their closer names them. Used to say where a syntax error is (the parser names
 * the opener of a mismatched pair, and no place at all for the rest).
 */

export interface TemplateBlock {
  /** The opener or closer as written (`{{#if x}}`, `{{/if}}`). */
  tag: string;
  /** The name its closer repeats (`if`, `inline`, a partial's name). */
  name: string;
  /** Its offset in the template. */
  index: number;
}

export type BlockNesting =
  | { kind: 'nested'; unclosed: TemplateBlock[] }
  | { kind: 'stray'; closer: TemplateBlock }
  | { kind: 'mismatch'; open: TemplateBlock; closer: TemplateBlock };

// A comment, a raw block, or a block's opener or closer (`{{#`, `{{^`, `{{/`, `~` allowed after `{{`).
const TOKEN =
  /\{\{~?!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}|\{\{\{\{[\s\S]*?\}\}\}\}(?:[\s\S]*?\{\{\{\{\/[^}]*\}\}\}\})?|\{\{~?([#^/])\s*(\*|>)?\s*([^\s}~()]+)[^}]*\}\}/g;

/** Reads the template's blocks in order; stops at the first closer that breaks the nesting. */
export function readBlockNesting(source: string): BlockNesting {
  const stack: TemplateBlock[] = [];
  for (const match of source.matchAll(TOKEN)) {
    const [tag, marker, , name] = match;
    if (marker === undefined || name === undefined || isEscaped(source, match.index)) continue;
    const block = { tag, name, index: match.index };
    if (marker !== '/') {
      stack.push(block);
      continue;
    }
    const open = stack.pop();
    if (open === undefined) return { kind: 'stray', closer: block };
    if (open.name !== name) return { kind: 'mismatch', open, closer: block };
  }
  return { kind: 'nested', unclosed: stack };
}

/** `\{{` is a literal `{{` (`\\{{` is a backslash before a real one). */
function isEscaped(source: string, index: number): boolean {
  return source[index - 1] === '\\' && source[index - 2] !== '\\';
}
