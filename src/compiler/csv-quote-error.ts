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

/** The reader's codes for a quote problem (with `trim`, text after a closing quote is the last). */
const QUOTE_CODES = new Set([
  'CSV_QUOTE_NOT_CLOSED',
  'INVALID_OPENING_QUOTE',
  'CSV_INVALID_CLOSING_QUOTE',
  'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
]);

/**
 * The first quote problem of `text`, when the CSV reader failed on a quote (`code`); undefined when
 * not found. The scan, not the reader's code, says which problem it is: the reader names some of
 * them otherwise (QA170: `"" "` is "Quote Not Closed", `"a"\t"b"` an "Invalid Opening Quote", text
 * after a closing quote with trim on a code of its own), and those read in its words at column 1
 * of the line it gave up on, a line too low per `\r` above it.
 */
export function findCsvQuoteError(
  text: string,
  delimiter: string,
  code: string | undefined,
): CsvQuoteError | undefined {
  if (code === undefined || !QUOTE_CODES.has(code)) return undefined;
  const problem = scanQuotes(text, delimiter);
  if (problem === undefined) return undefined;
  const { line, col } = lineAndColumn(text, problem.offset, endsRowsWithCr(text, 0));
  const rowStart = problem.rowStart;
  if (problem.kind === 'unclosed')
    return {
      line,
      col,
      rowStart,
      message: 'this `"` is never closed: the rest of the file was read into its cell',
      hint: 'close the quote where the cell ends; a `"` inside a quoted cell is written twice (`""`)',
    };
  if (problem.kind === 'inside')
    return {
      line,
      col,
      rowStart,
      message: 'a `"` inside a cell that does not start with one',
      hint: DOUBLE_QUOTES,
    };
  return {
    line,
    col,
    rowStart,
    message: 'text after the closing `"` of a quoted cell, before the next delimiter',
    hint: DOUBLE_QUOTES,
  };
}

type Problem = { kind: 'unclosed' | 'inside' | 'after'; offset: number; rowStart: number };

/**
 * The first quote problem of the file, read as the CSV reader reads it: RFC 4180, white space
 * around a quoted cell trimmed (space, tab, form feed, a carriage return), rows ended by the line
 * break the file uses first. A lone `\r` in a file of `\n` rows is text of its cell, as the reader
 * takes it (QA170: `aa\r""` ended the cell at the `\r`, so no problem was found and the reader's
 * own words were said).
 */
function scanQuotes(text: string, delimiter: string): Problem | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const crRows = endsRowsWithCr(text, i);
  const rowEnd = (j: number) => text[j] === '\n' || (text[j] === '\r' && (crRows || text[j + 1] === '\n'));
  const trimmed = (j: number) =>
    text[j] === ' ' ||
    text[j] === '\f' ||
    (text[j] === '\t' && delimiter !== '\t') ||
    (text[j] === '\r' && !rowEnd(j));
  let rowStart = 0;
  while (i < n) {
    // A cell starts here: white space before a quote is trimmed.
    let j = i;
    while (j < n && trimmed(j)) j++;
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
      while (j < n && trimmed(j)) j++;
      if (j < n && text[j] !== delimiter && !rowEnd(j)) return { kind: 'after', offset: j, rowStart };
    } else {
      while (j < n && text[j] !== delimiter && !rowEnd(j)) {
        if (text[j] === '"') return { kind: 'inside', offset: j, rowStart };
        j++;
      }
    }
    if (j < n && rowEnd(j)) {
      if (text[j] === '\r' && text[j + 1] === '\n') j++;
      rowStart = j + 1;
    }
    i = j < n ? j + 1 : n;
  }
  return undefined;
}

/**
 * Whether the first line break outside quotes is a lone `\r` (the reader then ends rows there): in
 * such a file (Excel's "CSV (Macintosh)") a `\r` is a line, as a `\n` is in any other.
 */
export function endsRowsWithCr(text: string, from: number): boolean {
  let quoted = false;
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') return false;
    else if (!quoted && ch === '\r') return text[k + 1] !== '\n';
  }
  return false;
}

/**
 * Lines end where the rows do: at `\n`, or in a lone-CR file at a lone `\r` alone, as its rows and the
 * excerpt count them (QA179: a quoted LF above counted too, so the quote was said a line too low, under
 * an empty excerpt).
 */
function lineAndColumn(text: string, offset: number, crRows: boolean): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset; k++) {
    if (crRows ? text[k] === '\r' && text[k + 1] !== '\n' : text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  // A byte order mark is no column (as in plan files).
  const bom = line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line, col: offset - start + 1 - bom };
}
