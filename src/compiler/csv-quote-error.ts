/**
 * A CSV quote error said where the quote is, in the dataset's words. The CSV reader names the line
 * where it gave up: for a quote never closed that is the end of the file, not the cell that opened it
 * (QA161: `1,"a,a` on line 2 of a five-line file was "Quote Not Closed … at line 5", column 1), and
 * for a quote inside an unquoted cell it counts fields from 0 ("field 1" was the second column).
 */

export interface CsvQuoteError {
  line: number;
  col: number;
  message: string;
  hint: string;
  /** Where the row holding the quote starts: the rows before it are read as usual. */
  rowStart: number;
}

const DOUBLE_QUOTES = 'quote the whole cell and write each `"` inside it twice: "a ""quoted"" word"';

/** The quote problem the CSV reader reported with `code`, found in `text`; undefined when not found. */
export function findCsvQuoteError(
  text: string,
  delimiter: string,
  code: string | undefined,
): CsvQuoteError | undefined {
  const problem = scanQuotes(text, delimiter);
  if (problem === undefined) return undefined;
  const { line, col } = lineAndColumn(text, problem.offset);
  const rowStart = problem.rowStart;
  if (code === 'CSV_QUOTE_NOT_CLOSED' && problem.kind === 'unclosed')
    return {
      line,
      col,
      rowStart,
      message: 'this `"` is never closed: the rest of the file was read into its cell',
      hint: 'close the quote where the cell ends; a `"` inside a quoted cell is written twice (`""`)',
    };
  if (code === 'INVALID_OPENING_QUOTE' && problem.kind === 'inside')
    return {
      line,
      col,
      rowStart,
      message: 'a `"` inside a cell that does not start with one',
      hint: DOUBLE_QUOTES,
    };
  if (code === 'CSV_INVALID_CLOSING_QUOTE' && problem.kind === 'after')
    return {
      line,
      col,
      rowStart,
      message: 'text after the closing `"` of a quoted cell, before the next delimiter',
      hint: DOUBLE_QUOTES,
    };
  return undefined;
}

type Problem = { kind: 'unclosed' | 'inside' | 'after'; offset: number; rowStart: number };

/** The first quote problem of the file, read as RFC 4180 with spaces around cells trimmed. */
function scanQuotes(text: string, delimiter: string): Problem | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let rowStart = 0;
  while (i < n) {
    // A cell starts here: spaces before a quote are trimmed.
    let j = i;
    while (j < n && (text[j] === ' ' || (text[j] === '\t' && delimiter !== '\t'))) j++;
    if (text[j] === '"') {
      const open = j;
      j++;
      for (;;) {
        if (j >= n) return { kind: 'unclosed', offset: open, rowStart };
        if (text[j] === '"') {
          if (text[j + 1] === '"') j += 2;
          else break;
        } else j++;
      }
      j++; // past the closing quote
      while (j < n && (text[j] === ' ' || (text[j] === '\t' && delimiter !== '\t'))) j++;
      if (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r')
        return { kind: 'after', offset: j, rowStart };
    } else {
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') {
        if (text[j] === '"') return { kind: 'inside', offset: j, rowStart };
        j++;
      }
    }
    if (text[j] === '\n') rowStart = j + 1;
    i = j < n ? j + 1 : n;
  }
  return undefined;
}

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset; k++) {
    if (text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  // A byte order mark is no column (as in plan files).
  const bom = line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line, col: offset - start + 1 - bom };
}
