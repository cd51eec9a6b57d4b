/**
 * Where a character of a string value sits in its YAML file: an error found inside a template or
 * an expression (at an offset of the parsed string) points at that character, not at the value's
 * start. The parsed string and its source differ by the scalar's quoting: a plain or block value
 * maps line by line, a quoted one escape by escape. A value this cannot map exactly (a folded
 * `>` block, a quoted or plain value folded over lines, one substituted after parsing) maps to
 * nothing, and the caller points at the value's start as before.
 */
import { isScalar, type Node, Scalar } from 'yaml';

/**
 * The offset in `text` (the file) of character `offset` of `value`, the string value of `node`;
 * undefined when the node holds another value or its source does not map character by character.
 */
export function sourceOffsetIn(text: string, node: Node, value: string, offset: number): number | undefined {
  if (!isScalar(node) || node.value !== value || !node.range) return undefined;
  if (!Number.isInteger(offset) || offset < 0 || offset > value.length) return undefined;
  const [start, end] = node.range;
  const source = text.slice(start, end);
  const at = offsetInSource(node.type, source, value, offset);
  if (at === undefined) return undefined;
  // Checked: the mapped character is the value's (or, quoted, the escape that wrote it).
  if (offset < value.length && !writes(source, at, value[offset]!)) return undefined;
  return start + at;
}

function offsetInSource(
  type: Scalar['type'],
  source: string,
  value: string,
  offset: number,
): number | undefined {
  switch (type) {
    case Scalar.PLAIN:
      return source === value ? offset : undefined;
    case Scalar.QUOTE_SINGLE:
      return walkQuoted(source, value, offset, singleQuoted);
    case Scalar.QUOTE_DOUBLE:
      return walkQuoted(source, value, offset, doubleQuoted);
    case Scalar.BLOCK_LITERAL:
      // The value's end (a text that ends too early) is where its text ends, on its last line: past
      // the line breaks that end a block, the next line is the next key's (QA186).
      return offset === value.length
        ? inLiteralBlock(source, value, value.replace(/\n+$/, '').length)
        : inLiteralBlock(source, value, offset);
    default:
      return undefined;
  }
}

/** Whether `source` at `at` writes `char`: the character itself, or an escape (`''`, `\…`). */
function writes(source: string, at: number, char: string): boolean {
  const c = source[at];
  return c === char || c === '\\' || (c === "'" && char === "'");
}

/** One step of a quoted scalar's source: how many source characters write how many value characters. */
type Step = (source: string, at: number) => { source: number; value: number } | undefined;

const singleQuoted: Step = (source, at) => {
  const c = source[at];
  if (c === '\n' || c === '\r') return undefined; // folded over lines
  if (c === "'") return source[at + 1] === "'" ? { source: 2, value: 1 } : undefined;
  return literal(source, at);
};

/** A character written as itself: a character beyond the BMP is two UTF-16 units on both sides. */
function literal(source: string, at: number): { source: number; value: number } {
  const units = source.codePointAt(at)! > 0xffff ? 2 : 1;
  return { source: units, value: units };
}

const ESCAPE_HEX: Record<string, number> = { x: 2, u: 4, U: 8 };

const doubleQuoted: Step = (source, at) => {
  const c = source[at];
  if (c === '\n' || c === '\r' || c === '"') return undefined;
  if (c !== '\\') return literal(source, at);
  const e = source[at + 1];
  if (e === undefined || e === '\n' || e === '\r') return undefined; // an escaped line break
  const hex = ESCAPE_HEX[e];
  if (hex === undefined) return { source: 2, value: 1 };
  const code = Number.parseInt(source.slice(at + 2, at + 2 + hex), 16);
  return Number.isNaN(code) ? undefined : { source: 2 + hex, value: code > 0xffff ? 2 : 1 };
};

/** Walks a quoted scalar (its source opens with the quote) to the source offset of value character `offset`. */
function walkQuoted(source: string, value: string, offset: number, step: Step): number | undefined {
  let at = 1;
  let index = 0;
  while (index < offset) {
    const s = step(source, at);
    if (s === undefined) return undefined;
    at += s.source;
    index += s.value;
  }
  if (index !== offset) return undefined; // inside a character written by one escape
  // The value's end is the closing quote.
  if (offset === value.length) return source[at] === source[0] ? at : undefined;
  return at;
}

/** A `|` block: the header line, then each value line indented (the indentation is no part of it). */
function inLiteralBlock(source: string, value: string, offset: number): number | undefined {
  const header = source.indexOf('\n');
  if (header === -1) return undefined;
  const before = value.slice(0, offset);
  const line = before.split('\n').length - 1;
  const col = offset - (before.lastIndexOf('\n') + 1);
  const valueLine = value.split('\n')[line] ?? '';
  let lineStart = header + 1;
  for (let i = 0; i < line; i++) {
    const next = source.indexOf('\n', lineStart);
    if (next === -1) return undefined;
    lineStart = next + 1;
  }
  if (lineStart >= source.length) return undefined; // past the block's lines: the next key's
  const lineEnd = source.indexOf('\n', lineStart);
  const sourceLine = source.slice(lineStart, lineEnd === -1 ? source.length : lineEnd).replace(/\r$/, '');
  if (!sourceLine.endsWith(valueLine)) return undefined;
  return lineStart + sourceLine.length - valueLine.length + col;
}
