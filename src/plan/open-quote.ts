/**
 * Where a quote the file never closes was opened (QA117). The reader says `Missing closing "quote`
 * where it gave up, the end of the file (an empty line past the last one), so the message named no
 * line the user wrote; since fc4244b it is the first error of `{ id: "x, version: 1 }`, and the
 * flow collection's error at the line of the quote is no longer given.
 */
import { Parser } from 'yaml';

type CstToken = { type?: string; offset?: number; source?: string } & Record<string, unknown>;

/** Whether a quoted scalar's source, as the reader took it, ends with its closing quote. */
function closed(source: string): boolean {
  const text = source.trimEnd();
  if (text.startsWith("'")) return text.length >= 2 && (text.match(/'/g) ?? []).length % 2 === 0;
  if (text.length < 2 || !text.endsWith('"')) return false;
  const slashes = /\\*$/.exec(text.slice(0, -1))?.[0].length ?? 0;
  return slashes % 2 === 0;
}

/** The offset of the `"` or `'` of a quoted scalar still open at `end` (the reader's error), if any. */
export function openQuoteBefore(text: string, end: number): number | undefined {
  let found: number | undefined;
  const walk = (token: unknown): void => {
    if (found !== undefined || token === null || typeof token !== 'object') return;
    if (Array.isArray(token)) {
      for (const t of token) walk(t);
      return;
    }
    const t = token as CstToken;
    if (
      (t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') &&
      typeof t.offset === 'number' &&
      typeof t.source === 'string' &&
      t.offset + t.source.length >= end &&
      !closed(t.source)
    ) {
      found = t.offset;
      return;
    }
    for (const key of ['start', 'key', 'sep', 'value', 'items', 'end', 'props']) walk(t[key]);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}
