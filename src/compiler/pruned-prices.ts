/**
 * A cost metric's EVALC_METRIC_PRICES beside a schema error under `prices:` (QA105, QA113). The
 * salvaged plan lacks the refused entries, so "this plan has none" would be wrong and is dropped;
 * but "prices model `n`, which prices: does not list" holds when `n` matches no key the plan
 * writes, refused or not: it was hidden until the schema error was fixed. It stays, listing the
 * keys as written.
 */
import { priceKeyFor } from '../metrics/price-key.js';
import type { Diagnostic } from '../plan/diagnostic.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The diagnostic to keep (its key list as written), or undefined when it read a pruned entry. */
export function pricesWarningBesidePruned(d: Diagnostic, raw: unknown): Diagnostic | undefined {
  if (d.path.at(-1) !== 'model' || !isRecord(raw) || !isRecord(raw.prices)) return undefined;
  let node: unknown = raw;
  for (const seg of d.path) node = isRecord(node) || Array.isArray(node) ? (node as never)[seg] : undefined;
  if (typeof node !== 'string' || priceKeyFor(raw.prices, node) !== undefined) return undefined;
  const listed = Object.keys(raw.prices).join(', ');
  return { ...d, message: d.message.replace(/\(it lists [^)]*\)/, `(it lists ${listed})`) };
}
