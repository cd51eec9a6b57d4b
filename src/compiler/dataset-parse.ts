/**
 * Parses dataset bytes (JSONL, JSON, CSV, YAML) into raw example records with the line each
 * came from. CSV columns are read by `dataset-csv.ts`.
 */

import type { Diagnostic, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { isPlainObject } from '../plan/load.js';
import { MAX_JSON_DEPTH, TOO_DEEP } from '../protocols/bounded-json.js';
import { parseCsvRows } from './dataset-csv.js';
import { type JsonTextIssue, scanParsedJsonText } from './dataset-json-scan.js';
import { isRemoteSource } from './dataset-source.js';
import { parseYamlRows } from './dataset-yaml.js';
import { jsonFailureOffset } from './json-error-offset.js';
import { type FieldPath, jsonFieldLocator } from './json-field-position.js';
import { jsonErrorWords, jsonSyntaxHint } from './json-syntax-hint.js';

export type DatasetFormat = 'jsonl' | 'json' | 'csv' | 'yaml';

export interface RawExample {
  value: unknown;
  line: number;
  col: number;
  /** Where a field of the example is (YAML rows, read with positions): `['weight']` → its value. */
  locate?: (path: readonly PropertyKey[]) => { line: number; col: number };
}

export function formatOf(source: string, declared: DatasetFormat | undefined): DatasetFormat | undefined {
  if (declared) return declared;
  // A URL's query and fragment are not its file name; a local file's `?` and `#` are (QA68:
  // `datasets/run #2.jsonl` was "cannot tell the format").
  const clean = (isRemoteSource(source) ? source.split(/[?#]/)[0]! : source).toLowerCase();
  if (clean.endsWith('.jsonl') || clean.endsWith('.ndjson')) return 'jsonl';
  if (clean.endsWith('.json')) return 'json';
  if (clean.endsWith('.csv')) return 'csv';
  if (clean.endsWith('.yaml') || clean.endsWith('.yml')) return 'yaml';
  return undefined;
}

export function parseDataset(
  display: string,
  text: string,
  format: DatasetFormat,
): {
  rows: RawExample[];
  diagnostics: Diagnostic[];
  /** Where a field of a row is (JSON and JSONL; YAML rows carry their own `locate`). */
  locateField?: (row: RawExample, path: FieldPath) => { line: number; col: number };
} {
  // A file with nothing in it holds no examples in every format (EVALC_DATASET_EMPTY warns), as an
  // empty JSONL or CSV file always did (QA40: an empty .json was "invalid JSON", an empty .yaml
  // "not a list of examples").
  if (/^\uFEFF?\s*$/.test(text)) return { rows: [], diagnostics: [] };
  const parsed: ParsedRows =
    format === 'jsonl'
      ? parseJsonl(display, text)
      : format === 'json'
        ? parseJson(display, text)
        : format === 'csv'
          ? parseCsvRows(display, text)
          : parseYamlRows(display, text);
  // Walking an example is only needed when its text nests that deep (JSON: measured by the scan
  // for duplicate keys); CSV and YAML rows are all walked.
  const checked =
    parsed.mayBeDeep === undefined || parsed.mayBeDeep.length > 0 ? refuseTooDeep(display, parsed) : parsed;
  const diagnostics = capPrecisionWarnings(checked.diagnostics);
  if (format !== 'json' && format !== 'jsonl') return { rows: checked.rows, diagnostics };
  return { rows: checked.rows, diagnostics, locateField: jsonFieldLocator(text) };
}

interface ParsedRows {
  rows: RawExample[];
  diagnostics: Diagnostic[];
  /** The rows whose text nests deeper than the limit (JSON and JSONL); undefined: any may. */
  mayBeDeep?: RawExample[];
}

const MAX_PRECISION_WARNINGS = 10;

/** A file of 64-bit ids would warn on every line: the first ten, then one line with the count. */
function capPrecisionWarnings(diagnostics: Diagnostic[]): Diagnostic[] {
  const code = 'EVALC_DATASET_NUMBER_PRECISION';
  const all = diagnostics.filter((d) => d.code === code);
  if (all.length <= MAX_PRECISION_WARNINGS) return diagnostics;
  const kept = new Set(all.slice(0, MAX_PRECISION_WARNINGS));
  const last = all[MAX_PRECISION_WARNINGS]!;
  return [
    ...diagnostics.filter((d) => d.code !== code || kept.has(d)),
    diagnostic(code, `${all.length - MAX_PRECISION_WARNINGS} more integers beyond 2^53 in this file`, [], {
      severity: 'warning',
      ...(last.source ? { source: last.source } : {}),
    }),
  ];
}

/**
 * Examples nested deeper than agents' replies may be (protocols/bounded-json.ts) are refused at
 * their line: hashing and rendering them recursed until the stack overflowed (a stack trace).
 */
function refuseTooDeep(file: string, parsed: ParsedRows): { rows: RawExample[]; diagnostics: Diagnostic[] } {
  const deep = (parsed.mayBeDeep ?? parsed.rows).filter((row) => nestsDeeper(row.value, MAX_JSON_DEPTH));
  if (deep.length === 0) return parsed;
  return {
    rows: parsed.rows.filter((row) => !deep.includes(row)),
    diagnostics: [
      ...parsed.diagnostics,
      ...deep.map((row) =>
        diagnostic('EVALC_DATASET_PARSE', `this example ${TOO_DEEP}`, [], {
          source: { file, line: row.line, col: row.col },
        }),
      ),
    ],
  };
}

/** Whether arrays/objects nest more than `max` levels in `value` (iterative: no recursion to overflow). */
function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * One example per line (blank lines and `//` comments skipped). Runs on every line of large
 * files: the lines are cut with indexOf, and trimmed only when they start or end with something
 * other than printable ASCII.
 */
function parseJsonl(file: string, text: string): ParsedRows {
  const rows: RawExample[] = [];
  const diagnostics: Diagnostic[] = [];
  const mayBeDeep: RawExample[] = [];
  let lineNo = 0;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf('\n', from);
    if (to === -1) to = text.length;
    const raw = text.slice(from, to);
    from = to + 1;
    lineNo++;
    const first = raw.charCodeAt(0);
    const last = raw.charCodeAt(raw.length - 1);
    const clean = first > 32 && first < 127 && last > 32 && last < 127;
    const line = clean ? raw : raw.trim();
    if (line === '') continue;
    const indent = clean ? 0 : raw.length - raw.trimStart().length;
    if (line.startsWith('//')) {
      // A comment that runs on past a lone CR took the lines after it (QA179: a lone-CR file opening
      // with a comment was skipped whole, 'has no examples').
      const after = line.indexOf('\r') === -1 ? -1 : line.slice(line.indexOf('\r')).search(/\S/);
      if (after !== -1)
        diagnostics.push(
          diagnostic(
            'EVALC_DATASET_PARSE',
            'this `//` comment runs on past a lone CR, over the text after it',
            [],
            {
              source: { file, line: lineNo, col: indent + line.indexOf('\r') + after + 1 },
              hint: LONE_CR_LINES,
            },
          ),
        );
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const at = jsonErrorOffset(message) ?? jsonFailureOffset(line);
      diagnostics.push(
        diagnostic('EVALC_DATASET_PARSE', `invalid JSON on this line: ${jsonErrorWords(message)}`, [], {
          source: { file, line: lineNo, col: at === undefined ? 1 : indent + at + 1 },
          // A lone CR after the object: the file's lines end with it (QA176: the hint said the
          // line holds more after its object, of a file an editor shows one object a line).
          hint:
            at !== undefined && endsWithCr(line.slice(0, at))
              ? LONE_CR_LINES
              : jsonSyntaxHint(line, message, at, true),
        }),
      );
      continue;
    }
    const row: RawExample = { value, line: lineNo, col: 1 };
    rows.push(row);
    const scan = scanParsedJsonText(line, value, MAX_JSON_DEPTH);
    if (scan.depth > MAX_JSON_DEPTH) mayBeDeep.push(row);
    for (const issue of scan.issues)
      diagnostics.push(jsonTextDiagnostic(issue, { file, line: lineNo, col: indent + issue.offset + 1 }));
  }
  return { rows, diagnostics, mayBeDeep };
}

const LONE_CR_LINES =
  'the lines of this file end with a lone CR (an old Mac line break): JSONL lines end with LF; save it with LF or CRLF line ends';

/** Whether the blank before the end of `text` holds a CR (JSON reads it as a blank). */
function endsWithCr(text: string): boolean {
  return text.slice(text.trimEnd().length).includes('\r');
}

function parseJson(file: string, text: string): ParsedRows {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = jsonErrorOffset(message) ?? jsonFailureOffset(text);
    return {
      rows: [],
      diagnostics: [
        diagnostic('EVALC_DATASET_PARSE', `invalid JSON: ${jsonErrorWords(message)}`, [], {
          source: { file, ...(at === undefined ? { line: 1, col: 1 } : lineColAt(text, at)) },
          hint: jsonSyntaxHint(text, message, at, false),
        }),
      ],
    };
  }
  const list = Array.isArray(value)
    ? value
    : isPlainObject(value) && Array.isArray(value.examples)
      ? value.examples
      : undefined;
  if (!list) {
    return {
      rows: [],
      diagnostics: [
        diagnostic('EVALC_DATASET_SHAPE', 'a JSON dataset is a list of examples or {examples: [...]}', [], {
          source: { file, line: 1, col: 1 },
        }),
      ],
    };
  }
  const starts = exampleElementStarts(text, !Array.isArray(value));
  const rows = list.map((v, i) => {
    const at = starts.length === list.length ? starts[i]! : undefined;
    return { value: v, line: at?.line ?? 1, col: at?.col ?? 1 };
  });
  const scan = scanParsedJsonText(text, value, MAX_JSON_DEPTH);
  const diagnostics = scan.issues.map((issue) =>
    jsonTextDiagnostic(issue, { file, ...lineColAt(text, issue.offset) }),
  );
  return { rows, diagnostics, mayBeDeep: scan.depth > MAX_JSON_DEPTH ? rows : [] };
}

/** A key given twice is an error (as in YAML datasets); an integer JSON cannot keep, a warning. */
function jsonTextDiagnostic(issue: JsonTextIssue, source: SourcePosition): Diagnostic {
  return issue.kind === 'duplicate_key'
    ? diagnostic(
        'EVALC_DATASET_DUPLICATE_KEY',
        `key "${issue.key}" appears twice in one object (JSON would keep the last and drop the first silently)`,
        [],
        { source, hint: 'each key may appear once in an object' },
      )
    : diagnostic(
        'EVALC_DATASET_NUMBER_PRECISION',
        `${issue.literal} is beyond the integers a JSON number keeps exactly (2^53): it is read as ${issue.read}`,
        [],
        { source, severity: 'warning', hint: `quote it ("${issue.literal}") to keep every digit` },
      );
}

/** The character offset a `JSON.parse` error names (`… in JSON at position 14`), if any. */
function jsonErrorOffset(message: string): number | undefined {
  const match = /at position (\d+)/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** 1-based line and column of character `offset` in `text`. */
function lineColAt(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return { line, col: offset - lineStart + 1 };
}

/**
 * Line and column of each element of the examples list (text already known to parse): the
 * top-level array, or with `wrapped` the array under the top-level object's `examples` key
 * (QA21: every example of `{examples: [...]}` was reported at 1:1).
 */
function exampleElementStarts(text: string, wrapped: boolean): { line: number; col: number }[] {
  const starts: { line: number; col: number }[] = [];
  const target = wrapped ? 2 : 1;
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastKey: string | undefined;
  let afterColon = false;
  let inTarget = false;
  let expectValue = false;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') {
        inString = false;
        if (depth === 1 && wrapped && !afterColon)
          lastKey = JSON.parse(text.slice(stringStart, i + 1)) as string;
      }
      continue;
    }
    if (ch === '\n') {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\uFEFF') continue;
    if (inTarget && depth === target && expectValue && ch !== ']') {
      starts.push({ line, col: i - lineStart + 1 });
      expectValue = false;
    }
    if (ch === '"') {
      inString = true;
      stringStart = i;
    } else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === target && ch === '[' && (!wrapped || (afterColon && lastKey === 'examples'))) {
        inTarget = true;
        expectValue = true;
      }
    } else if (ch === ']' || ch === '}') {
      if (depth === target) inTarget = false;
      depth--;
    } else if (ch === ',' && inTarget && depth === target) expectValue = true;
    if (depth === 1) afterColon = ch === ':';
  }
  return starts;
}
