/**
 * A flow mapping or sequence that is never closed (`- { type: exact_match, candidate: codes` with no
 * `}`) is reported by the YAML reader where it gave up, the start of the next line: "Flow map in
 * block collection must be sufficiently indented and end with a }" at a line that is fine. The `{`
 * or `[` that opened it is what needs fixing, so the diagnostic is placed there (QA101).
 */
import { type Document, visit } from 'yaml';

export interface UnclosedFlow {
  /** Offset of the opening `{` or `[`. */
  offset: number;
  open: '{' | '[';
}

/** The flow collection the reader's "Flow map/sequence … must … end with a }" error is about, if found. */
export function unclosedFlow(
  doc: Document.Parsed,
  text: string,
  errorOffset: number,
  message: string,
): UnclosedFlow | undefined {
  if (!/^Flow (map|sequence) in block collection\b/.test(message)) return undefined;
  let start: number | undefined;
  visit(doc, {
    Collection(_key, node) {
      const range = node.range;
      if (!node.flow || !range || range[1] !== errorOffset) return;
      // The outermost one: the flow collection that sits in a block collection.
      if (start === undefined || range[0] < start) start = range[0];
    },
  });
  if (start === undefined) return undefined;
  const open = text[start];
  return open === '{' || open === '[' ? { offset: start, open } : undefined;
}

/** What the reader found where it stopped within a line (QA105, QA109): a wrong closer, the line's end, other text; `col` a column, or `line L, column C`. */
export function stoppedAt(found: string | undefined, col: number | string): string {
  const where = typeof col === 'number' ? `column ${col}` : col;
  if (found === '}' || found === ']') return `\`${found}\` at ${where} cannot close it`;
  if (found === undefined || found === '\n' || found === '\r') return `its line ends at ${where} before one`;
  return `the text at ${where} cannot close it`;
}

/** Only blank lines and comments from `offset` to the end of the file (QA110). */
export function endsFileAt(text: string, offset: number): boolean {
  return text
    .slice(offset)
    .split(/\r?\n/)
    .every((line) => /^[ \t]*(?:#.*)?$/.test(line));
}
