/**
 * A cost metric's EVALC_METRIC_PRICES beside a schema error under `prices:` (QA105, QA113). The
 * salvaged plan lacks the refused entries, so "this plan has none" would be wrong and is dropped;
 * but "prices model `n`, which prices: does not list" holds when `n` matches no key the plan
 * writes, refused or not: it was hidden until the schema error was fixed. It stays, listing the
 * keys as written.
 */
import { priceKeyFor } from '../metrics/price-key.js';
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from '../plan/diagnostic.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The diagnostic to keep (its key list as written), or undefined when it read a pruned entry. */
export function pricesWarningBesidePruned(
  d: Diagnostic,
  raw: unknown,
  locate?: (p: PlanPath) => SourcePosition | undefined,
): Diagnostic | undefined {
  if (!isRecord(raw) || !isRecord(raw.prices)) return undefined;
  if (d.path.at(-1) !== 'model') return unlistedBesideNone(d, raw, raw.prices, locate);
  const listed = Object.keys(raw.prices).join(', ');
  const node = nodeAt(raw, d.path);
  if (typeof node !== 'string' || priceKeyFor(raw.prices, node) !== undefined) return undefined;
  return { ...d, message: d.message.replace(/\(it lists [^)]*\)/, `(it lists ${listed})`) };
}

function nodeAt(raw: unknown, path: PlanPath): unknown {
  let node: unknown = raw;
  for (const seg of path) node = isRecord(node) || Array.isArray(node) ? (node as never)[seg] : undefined;
  return node;
}

/**
 * QA131: every entry refused (`gpt-4o: { input: 2.5, ouput: 10 }` alone), the salvaged plan has no
 * prices, and its "this plan has none" warning (at the metric) is dropped; a `model:` that matches
 * no key as written is still not listed, so that warning is made, as with a valid entry beside.
 */
function unlistedBesideNone(
  d: Diagnostic,
  raw: Record<string, unknown>,
  prices: Record<string, unknown>,
  locate: ((p: PlanPath) => SourcePosition | undefined) | undefined,
): Diagnostic | undefined {
  const metric = nodeAt(raw, d.path);
  if (!isRecord(metric) || typeof metric.model !== 'string') return undefined;
  if (priceKeyFor(prices, metric.model) !== undefined) return undefined;
  const id = typeof metric.id === 'string' ? metric.id : 'cost';
  const path: PlanPath = [...d.path, 'model'];
  return diagnostic(
    'EVALC_METRIC_PRICES',
    `\`${id}\` prices model \`${metric.model}\`, which \`prices:\` does not list (it lists ${Object.keys(prices).join(', ')}): the cost of every example with token usage would be a metric_error (no price)`,
    path,
    { severity: 'warning', source: locate?.(path) ?? d.source, hint: d.hint },
  );
}
