/**
 * CSV datasets: the header row names each column, every other row is one example. Columns:
 * `id`, `weight`, `expected` / `expected.<name>`, `expected_sha256` / `expected_sha256.<name>`,
 * `human`, `human_score`, `turns`, `tags`, `tools`, `policies`, `vars` (a JSON mapping: all the
 * vars) or `vars.<name>`, and any other column is a var. Cells are strings; a cell starting with `[` or `{` that parses as JSON is that
 * JSON; an empty `weight`, `human_score`, `turns`, `tags`, `tools` or `policies` cell means the
 * field is not given (weight 1), never 0. The delimiter is `,`, or `;` / a tab when the header
 * has more of those than commas (Excel's CSV in locales with a decimal comma, where a `weight` or
 * `human_score` of `0,5` is 0.5). A row with more or
 * fewer cells than the header, a header naming one field twice (`q` and `vars.q`, `expected` and
 * `expected.answer`), an unnamed column with data, or a header without `id` is an error at its
 * line, never a silently shifted or dropped column (QA21).
 */
import { parse as parseCsv } from 'csv-parse/sync';
import type { Diagnostic } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { endsRowsWithCr, findCsvQuoteError } from './csv-quote-error.js';
import type { RawExample } from './dataset-parse.js';

/** Columns read as a number; an empty cell leaves the field out. */
const NUMBER_FIELDS = new Set(['weight', 'human_score']);
/** Columns holding JSON (lists, mappings); an empty cell leaves the field out (`vars` too: {}). */
const JSON_FIELDS = new Set(['turns', 'tags', 'tools', 'policies']);
/** Whole-field columns that may also be split into `<field>.<name>` columns. */
const SPLIT_FIELDS = ['expected', 'expected_sha256'] as const;

interface Column {
  /** Where the cell goes: `['id']`, `['vars', 'q']`, `['expected', 'answer']`, … */
  target: string[];
  name: string;
}

export function parseCsvRows(file: string, text: string): { rows: RawExample[]; diagnostics: Diagnostic[] } {
  const delimiter = sniffDelimiter(text);
  let records: { record: string[]; info: { bytes: number; empty_lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      bom: true,
      trim: true,
    }) as never;
  } catch (err) {
    const e = err as { message?: string; lines?: number; code?: string };
    const quote = findCsvQuoteError(text, delimiter, e.code);
    if (quote) {
      // The rows before the quote's row read as ever: their own errors are said too (QA170: a
      // ragged row above an unclosed quote was not).
      const before = quote.rowStart > 0 ? parseCsvRows(file, text.slice(0, quote.rowStart)) : undefined;
      return {
        rows: before?.rows ?? [],
        diagnostics: [
          ...(before?.diagnostics ?? []),
          diagnostic('EVALC_DATASET_PARSE', `invalid CSV: ${quote.message}`, [], {
            source: { file, line: quote.line, col: quote.col },
            hint: quote.hint,
          }),
        ],
      };
    }
    return { rows: [], diagnostics: [at(file, e.lines ?? 1, `invalid CSV: ${e.message ?? String(err)}`)] };
  }
  const header = records[0];
  if (!header) return { rows: [], diagnostics: [] };
  const headerLine = 1 + header.info.empty_lines;
  const columns = readHeader(file, header.record, headerLine);
  if (!columns.ok) return { rows: [], diagnostics: columns.diagnostics };
  const rows: RawExample[] = [];
  const diagnostics: Diagnostic[] = [];
  // A row's line is counted from where the previous row ended (the reader's byte count): the
  // reader's own line count takes each `\r` for a line (a lone one, an old Mac line break, or a
  // CRLF's), where a line is what `\n` ends, as everywhere else (QA170: every row below a cell
  // holding one was said a line too low). In a file whose rows end with a lone `\r` (Excel's "CSV
  // (Macintosh)") that is the line break (QA172: every row of such a file was said at line 1).
  const crRows = endsRowsWithCr(text, 0);
  const bytes = Buffer.from(text, 'utf8');
  const lineEnds = newlineCounter(bytes, crRows ? 13 : 10);
  const breakOutsideQuotes = otherBreakOutsideQuotes(bytes, crRows, delimiter);
  let previousEnd = header.info.bytes;
  let previousEmpty = header.info.empty_lines;
  for (const { record, info } of records.slice(1)) {
    const line = lineEnds(previousEnd) + 1 + (info.empty_lines - previousEmpty);
    // Whether this row ran on past a line end of the other kind (rows appended with `echo >>` to an
    // Excel "CSV (Macintosh)"): a cell holds one, outside quotes (QA176; QA179: only this row's own,
    // so a comma too many in a file with such a line elsewhere is told the comma), text after it.
    const ranOn = breakOutsideQuotes(previousEnd, info.bytes);
    previousEnd = info.bytes;
    previousEmpty = info.empty_lines;
    // One that took in a line of the other kind with as many cells as the header (a one-column file):
    // QA179, its two rows read as one id `2⏎3`. A quoted line end is the cell's (QA170).
    if (ranOn && record.length === header.record.length) {
      const past = crRows ? 'a LF' : 'a lone CR';
      diagnostics.push(
        at(
          file,
          line,
          `this row runs on past ${past} outside quotes into the line below it`,
          MIXED_LINE_ENDS,
        ),
      );
      continue;
    }
    if (record.length !== header.record.length) {
      diagnostics.push(
        at(
          file,
          line,
          `this row has ${record.length} cell${record.length === 1 ? '' : 's'}, the header has ${header.record.length}`,
          // QA176: a row that ran on past a line end of the other kind read 'quote a cell that holds a comma'.
          ranOn
            ? MIXED_LINE_ENDS
            : delimiter === ','
              ? 'quote a cell that holds a comma ("a, b"), and give every row one cell per column'
              : `this file is read with "${delimiter === '\t' ? '\\t' : delimiter}" between cells (its header line has more of them than commas); give every row one cell per column`,
        ),
      );
      continue;
    }
    const unnamedData = columns.unnamed.find((i) => (record[i] ?? '') !== '');
    if (unnamedData !== undefined) {
      diagnostics.push(
        at(file, line, `cell ${unnamedData + 1} has data, but its column has no name in the header`),
      );
      continue;
    }
    rows.push({ value: recordToExample(columns.columns, record, delimiter === ';'), line, col: 1 });
  }
  return { rows, diagnostics };
}

/**
 * How many line breaks (`\n`, or `\r` not before a `\n` where `lineBreak` is 13) the first `end`
 * of a text's UTF-8 `bytes` hold; asked for growing `end`s.
 */
function newlineCounter(bytes: Buffer, lineBreak: 10 | 13): (end: number) => number {
  let counted = 0;
  let newlines = 0;
  return (end) => {
    for (; counted < end && counted < bytes.length; counted++)
      if (bytes[counted] === lineBreak && (lineBreak === 10 || bytes[counted + 1] !== 10)) newlines++;
    return newlines;
  };
}

const MIXED_LINE_ENDS =
  'this file ends some lines with a lone CR (an old Mac line break) and others with LF: rows end at the kind its first line ends with; save it with one kind of line end';

/**
 * Whether the UTF-8 `bytes` `from`..`to` of a text hold, outside quotes, a line end of the other kind
 * than its rows' (a LF in a lone-CR file, a lone CR in another; CRLF is LF here: datasets.ts) inside a
 * cell, with the cell's text on both sides of it. One among the blanks the reader trims off a cell
 * (`z\r\r\n`, a CRLF file converted once more; `"x"\r,`) is no cell's: QA187, such a row beside a
 * quoted line break of that kind was refused as one that ran on. Asked for consecutive ranges.
 */
function otherBreakOutsideQuotes(
  bytes: Buffer,
  crRows: boolean,
  delimiter: string,
): (from: number, to: number) => boolean {
  const delim = delimiter.charCodeAt(0);
  let quoted = false;
  return (from, to) => {
    let found = false;
    // Whether a cell is open, its text begun or a delimiter just before (not after a closing quote,
    // not at the row's start), and whether such a line end came in it, waiting for more of its text
    // (QA187: `1,⏎2` of a LF file read q `2`, the CR trimmed off the cell's start).
    let open = false;
    let pending = false;
    for (let k = from; k < to && k < bytes.length; k++) {
      const b = bytes[k]!;
      if (b === 0x22) {
        // A quoted cell the line end runs on into is text after it too (QA191: `1,⏎"2"` read q `2`).
        if (!quoted && pending) found = true;
        quoted = !quoted;
        open = false;
        pending = false;
      } else if (quoted) {
      } else if (b === delim) {
        open = true;
        pending = false;
      } else if (crRows ? b === 0x0a : b === 0x0d && bytes[k + 1] !== 0x0a) {
        if (open) pending = true;
      } else if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) {
        if (pending) found = true;
        open = true;
      }
    }
    return found;
  };
}

/**
 * `,` unless the header line holds more `;` or tabs than commas (outside quotes). The header ends at
 * a `\r` too, and blank lines before it are skipped, as the reader skips them (QA176: in Excel's "CSV
 * (Macintosh)" the whole file was read as its header, and a blank first line as an empty one, so a `;`
 * file whose cells hold commas was read by commas and had no `id` column).
 */
function sniffDelimiter(text: string): string {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let started = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (started) break;
    } else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
    if (ch !== '\n' && ch !== '\r' && ch !== ' ') started = true;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

function readHeader(
  file: string,
  names: string[],
  line: number,
):
  | { ok: true; columns: (Column | undefined)[]; unnamed: number[] }
  | { ok: false; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const columns: (Column | undefined)[] = [];
  const unnamed: number[] = [];
  const byTarget = new Map<string, string>();
  names.forEach((name, i) => {
    if (name === '') {
      unnamed.push(i);
      columns.push(undefined);
      return;
    }
    const column = { name, target: targetOf(name) };
    columns.push(column);
    if (column.target.includes('')) {
      diagnostics.push(at(file, line, `column "${name}" has an empty name between its dots`));
      return;
    }
    const key = column.target.join('.');
    for (const [other, otherName] of byTarget) {
      const clash = other === key || key.startsWith(`${other}.`) || other.startsWith(`${key}.`);
      if (!clash) continue;
      diagnostics.push(
        at(
          file,
          line,
          otherName === name
            ? `the header names column "${name}" twice`
            : `columns "${otherName}" and "${name}" both set ${other === key ? key : other.length < key.length ? other : key}`,
          'keep one of them: a row would silently lose one of the two cells',
        ),
      );
    }
    byTarget.set(key, name);
  });
  if (!byTarget.has('id')) {
    const near = names.find((n) => n.toLowerCase() === 'id');
    const suggestion =
      near === undefined ? undefined : `rename column "${near}" to "id" (column names are case-sensitive)`;
    diagnostics.push(
      at(
        file,
        line,
        `the header has no \`id\` column (it has: ${names.filter((n) => n !== '').join(', ') || 'nothing'})`,
        names.length === 1 && /[;\t|]/.test(names[0]!)
          ? 'cells are separated by "," (or ";" / a tab when the header has more of those)'
          : (suggestion ?? 'every example needs an id: add an `id` column'),
      ),
    );
  }
  return diagnostics.length > 0 ? { ok: false, diagnostics } : { ok: true, columns, unnamed };
}

/** Where a column's cells go; dots nest (`vars.user.name` → `vars: {user: {name}}`). */
function targetOf(name: string): string[] {
  if (
    name === 'id' ||
    name === 'vars' ||
    NUMBER_FIELDS.has(name) ||
    JSON_FIELDS.has(name) ||
    name === 'human'
  )
    return [name];
  const [head, ...rest] = name.split('.') as [string, ...string[]];
  if (rest.length > 0 && ((SPLIT_FIELDS as readonly string[]).includes(head) || head === 'vars'))
    return [head, ...rest];
  if ((SPLIT_FIELDS as readonly string[]).includes(name)) return [name];
  return ['vars', ...name.split('.')];
}

function recordToExample(
  columns: (Column | undefined)[],
  record: string[],
  decimalComma: boolean,
): Record<string, unknown> {
  const example: Record<string, unknown> = { vars: {} };
  const hashed = hashedPaths(columns, record);
  columns.forEach((column, i) => {
    if (!column) return;
    const cell = record[i] ?? '';
    const field = column.target[0]!;
    if (cell === '' && isHashedAway(column.target, hashed)) return;
    if (field === 'id') {
      if (cell !== '') example.id = cell;
    } else if (NUMBER_FIELDS.has(field)) {
      if (cell !== '') example[field] = numberOrText(cell, decimalComma);
    } else if (JSON_FIELDS.has(field) || (column.target.length === 1 && field === 'vars')) {
      if (cell !== '') define(example, field, cellValue(cell));
    } else setPath(example, column.target, cellValue(cell));
  });
  return example;
}

/**
 * The `expected` paths this row gives a hash for (`''` for the whole value). A CSV keeping some
 * answers public and others hashed leaves one of the two cells empty on each row (QA145): an empty
 * hash cell is no hash, and an empty `expected` cell beside a hash is the hidden answer, not `""`
 * (exact_match compared the agent's answer with "" instead of checking the hash).
 */
function hashedPaths(columns: (Column | undefined)[], record: string[]): Set<string> {
  const paths = new Set<string>();
  columns.forEach((column, i) => {
    if (column?.target[0] === 'expected_sha256' && (record[i] ?? '') !== '')
      paths.add(column.target.slice(1).join('.'));
  });
  return paths;
}

/**
 * A hash covers an empty `expected` cell when one of the two paths holds the other: the same field,
 * the whole value (`expected_sha256`), or a whole `expected` column beside `expected_sha256.answer`
 * (QA154: that empty cell was still `""`, which hid the hash as before QA145).
 */
function isHashedAway(target: string[], hashed: Set<string>): boolean {
  if (target[0] === 'expected_sha256') return true;
  if (target[0] !== 'expected') return false;
  const path = target.slice(1).join('.');
  const holds = (outer: string, inner: string) =>
    outer === '' || inner === outer || inner.startsWith(`${outer}.`);
  return [...hashed].some((h) => holds(h, path) || holds(path, h));
}

/** Sets `value` at `target`, creating mappings on the way (the header check rules out clashes). */
function setPath(root: Record<string, unknown>, target: string[], value: unknown): void {
  let holder = root;
  for (const name of target.slice(0, -1)) {
    const next = Object.hasOwn(holder, name) ? holder[name] : undefined;
    holder = isRecord(next) ? next : define(holder, name, {} as Record<string, unknown>);
  }
  define(holder, target[target.length - 1]!, value);
}

/** An own property even for `__proto__` (an assignment would set the prototype instead). */
function define<T>(holder: Record<string, unknown>, name: string, value: T): T {
  Object.defineProperty(holder, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A number cell; text that is no number stays text, so the diagnostic says "received string". In
 * a `;`-separated file (Excel in a locale with a decimal comma) `0,5` is 0.5.
 */
function numberOrText(cell: string, decimalComma: boolean): number | string {
  const text = decimalComma && /^[+-]?\d+,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
  const n = Number(text);
  return Number.isNaN(n) ? cell : n;
}

function cellValue(cell: string): unknown {
  if (cell.startsWith('[') || cell.startsWith('{')) {
    try {
      return JSON.parse(cell);
    } catch {
      return cell;
    }
  }
  return cell;
}

function at(file: string, line: number, message: string, hint?: string): Diagnostic {
  return diagnostic('EVALC_DATASET_PARSE', message, [], { source: { file, line, col: 1 }, hint });
}
