/**
 * An example id written as a number that reads back as other text: `id: 007` is the number 7 in
 * YAML 1.2 and its id "7", as `1.50` is "1.5", `1e3` "1000" and `0x1F` "31" (JSON's `1.50` too).
 * The reports, the lock and `--only` then name an id the dataset never shows: warned, with the
 * quoted form that keeps it (QA331: nothing was said).
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';

/** A plain number token: digits, a sign, a point, an exponent, a `0x`/`0o` prefix. */
const NUMBER_TOKEN = /^[-+]?(?:0[xXoO][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/;

/**
 * An `id:` whose number may read back otherwise: a leading zero, `0x`, `0o`, a point, an exponent, a
 * sign (`+12`, `-0`). A number on the line after `id:` is not looked for.
 */
const MAYBE_REWRITTEN =
  /\bid["']?[ \t]*:[ \t]*(?:[-+]?0[\dxXoO.eE]|[-+]?\d*\.\d|[-+]?\d+\.|[-+]?\d+[eE]|\+|-0(?![\d.]))/;

/**
 * The warning for an id of the examples read from `text` (undefined: not known), or none; the
 * line starts are computed once, on the first number id.
 */
export function numberIdChecker(
  text: string | undefined,
): (id: unknown, at: () => SourcePosition, planPath: PlanPath) => Diagnostic | undefined {
  // Most datasets write no id so (`"id": 7`): their rows are not located, which costs a re-read of
  // each one (+3.5 s over 200,000 JSONL rows without this).
  const maybe = text !== undefined && MAYBE_REWRITTEN.test(text);
  let starts: number[] | undefined;
  return (id, at, planPath) => {
    if (typeof id !== 'number' || !maybe || text === undefined) return undefined;
    const where = at();
    starts ??= lineStarts(text);
    const written = tokenAt(text, (starts[where.line - 1] ?? Number.NaN) + where.col - 1);
    if (written === undefined) return undefined;
    // An integer beyond 2^53 is warned as such (EVALC_DATASET_NUMBER_PRECISION).
    if (/^[-+]?\d{16,}$/.test(written)) return undefined;
    if (Number(written) !== id || written === String(id)) return undefined;
    return diagnostic(
      'EVALC_EXAMPLE_ID_NUMBER',
      `example id \`${written}\` is read as the number ${String(id)}: its id is "${String(id)}" in reports, the lock and step ids`,
      planPath,
      { source: where, severity: 'warning', hint: `quote it, "${written}", to keep the id as written` },
    );
  };
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The number token that starts at `offset` of `text`, if one does. */
function tokenAt(text: string, offset: number): string | undefined {
  if (!Number.isInteger(offset) || offset < 0) return undefined;
  const rest = text.slice(offset, offset + 64).replace(/^\uFEFF/, '');
  const token = NUMBER_TOKEN.exec(rest)?.[0];
  // A plain scalar goes on to its end: `007abc` is text, not this number.
  if (token === undefined || /^[^\s,}\]#]/.test(rest.slice(token.length))) return undefined;
  return token;
}

const MAX_WARNINGS = 10;

/** A file of `1.0`, `2.0`, … ids would warn on every line: the first ten, then one with the count. */
export function capNumberIdWarnings(warnings: Diagnostic[]): Diagnostic[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  const last = warnings[MAX_WARNINGS]!;
  return [
    ...warnings.slice(0, MAX_WARNINGS),
    diagnostic(
      'EVALC_EXAMPLE_ID_NUMBER',
      `${warnings.length - MAX_WARNINGS} more example ids in this dataset are read as numbers written otherwise`,
      last.path,
      { severity: 'warning', ...(last.source ? { source: last.source } : {}) },
    ),
  ];
}
