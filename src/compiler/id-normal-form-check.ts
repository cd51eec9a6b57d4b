/**
 * Two example ids of one dataset that are one text in two Unicode forms — `café` written with the
 * precomposed `é` (U+00E9) and with `e` + the combining acute U+0301, or `K` and the Kelvin sign
 * U+212A — are two examples that report.md, report.html, junit.xml and `evalc diff` all show alike:
 * warned at the second, with the code points that tell them apart (QA349: nothing was said, and a
 * pull request's reviewer read one id failing twice, two junit testcases of one name).
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { quoteCut } from '../protocols/quote-cut.js';

const MAX_WARNINGS = 10;

/** The id's non-ASCII characters spelled `\u00e9` (a code point beyond U+FFFF `\u{1f600}`). */
function spelled(id: string): string {
  let out = '';
  for (const ch of id) {
    const cp = ch.codePointAt(0) ?? 0;
    out +=
      cp < 0x80 ? ch : cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** Of an id longer than this (code points), a window of it is quoted, where the two forms part. */
const SHOWN = 40;
const BEFORE = 10;

/**
 * The two ids spelled, each cut to the same window of at most 40 code points, from 10 before the
 * first that differs, with `…` where cut (QA357: two 3,000-character ids made one warning line of
 * 45,000 characters, each quoted whole, spelled, and the first again as shown).
 */
function spelledPair(id: string, first: string): [string, string] {
  const a = [...id];
  const b = [...first];
  if (a.length <= SHOWN && b.length <= SHOWN) return [spelled(id), spelled(first)];
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const start = Math.max(0, common - BEFORE);
  const cut = (cps: string[]) => {
    const end = Math.min(cps.length, start + SHOWN);
    return `${start > 0 ? '…' : ''}${spelled(cps.slice(start, end).join(''))}${end < cps.length ? '…' : ''}`;
  };
  return [cut(a), cut(b)];
}

function before(a: SourcePosition, b: SourcePosition): boolean {
  return a.line < b.line || (a.line === b.line && a.col < b.col);
}

/** Checks the ids of one dataset in file order; `diagnostics()` gives the warnings, ten then a count. */
export class NormalFormIds {
  /** The first id of each NFC form that is not in NFC itself (most ids are: they are not kept here). */
  private readonly byForm = new Map<string, { id: string; where: SourcePosition }>();
  private readonly warnings: Diagnostic[] = [];
  private extra = 0;

  /**
   * `seen` holds the dataset's ids so far, `id` among them: an id written in NFC is found there by
   * the ids after it in another form, so only those not in NFC are kept again (QA357: keeping every
   * id a second time cost 7% of validate's CPU on 100,000 ASCII ids).
   */
  add(
    id: string,
    where: SourcePosition,
    planPath: PlanPath,
    seen: ReadonlyMap<string, SourcePosition>,
  ): void {
    // An ASCII id is its own NFC form (and a non-ASCII one may normalize to it: U+212A is K).
    const form = /^[\u0000-\u007f]*$/.test(id) ? id : id.normalize('NFC');
    let first = this.byForm.get(form);
    if (form !== id) {
      const written = seen.get(form);
      if (written !== undefined && (first === undefined || before(written, first.where)))
        first = { id: form, where: written };
      if (!this.byForm.has(form)) this.byForm.set(form, { id, where });
    }
    if (first === undefined) return;
    if (this.warnings.length >= MAX_WARNINGS) {
      this.extra += 1;
      return;
    }
    const [said, firstSaid] = spelledPair(id, first.id);
    this.warnings.push(
      diagnostic(
        'EVALC_EXAMPLE_ID_UNICODE_FORM',
        `example id "${said}" is "${firstSaid}" of ${first.where.file}:${first.where.line} in another ` +
          `Unicode form: two examples that the reports and evalc diff show alike, as "${quoteCut(first.id, 60)}"`,
        planPath,
        {
          source: where,
          severity: 'warning',
          hint: 'write the ids in one form (NFC, the composed characters most editors save), or tell them apart',
        },
      ),
    );
  }

  diagnostics(planPath: PlanPath): Diagnostic[] {
    if (this.extra === 0) return this.warnings;
    const last = this.warnings[this.warnings.length - 1];
    return [
      ...this.warnings,
      diagnostic(
        'EVALC_EXAMPLE_ID_UNICODE_FORM',
        `${this.extra} more example ids in this dataset are another id in another Unicode form`,
        planPath,
        { severity: 'warning', ...(last?.source ? { source: last.source } : {}) },
      ),
    ];
  }
}
