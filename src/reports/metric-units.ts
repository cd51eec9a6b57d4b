/**
 * What each metric's measurement is measured in, as report.md labels it: a measurement-only
 * metric's mean (`steps`: 1.250) printed bare in the column of [0, 1] scores read as a score, and
 * a metric's measurement beside its score (refusal_rate's refusal rate, policy_adherence's
 * violations) was in report.json and the lock only (QA98 F8, QA102).
 */
import type { Lockfile } from '../lockfile/types.js';
import { getMetricDefinition } from '../metrics/registry.js';
import { byText } from './format.js';

/** What `steps` counts, by its `count:` parameter. */
const STEP_UNITS: Record<string, string> = { turns: 'turns', tool_calls: 'tool calls', messages: 'messages' };

/** A metric's unit from its type and config: `refusal_rate`'s 'rate' reads "refusal rate". */
function unitOf(type: string, config: Record<string, unknown> | undefined): string | undefined {
  if (type === 'steps') return STEP_UNITS[String(config?.count ?? 'turns')] ?? 'steps';
  // judge_agreement's value is its `primary:` statistic: κ is an agreement, not a correlation (QA276).
  if (type === 'judge_agreement' && config?.primary === 'kappa') return "Cohen's κ";
  const unit = getMetricDefinition(type)?.unit;
  if (unit === 'rate') return `${type.replace(/_rate$/, '').replace(/_/g, ' ')} rate`;
  return unit;
}

/**
 * Each metric id's unit, from the types and configs the lock's groups record. An id that names
 * metrics of different units in different tasks gets none (a wrong unit is worse than none).
 */
export function metricUnits(lock: Pick<Lockfile, 'groups'>): Record<string, string> {
  const units = new Map<string, string | null>();
  for (const g of Object.values(lock.groups ?? {})) {
    for (const [id, m] of Object.entries(g.metrics ?? {})) {
      const unit = unitOf(m.type, m.config) ?? null;
      const known = units.get(id);
      if (known === undefined) units.set(id, unit);
      else if (known !== unit) units.set(id, null);
    }
  }
  // No prototype: an id named `__proto__` is a key like any other (QA35's ids).
  const out: Record<string, string> = Object.create(null);
  for (const id of [...units.keys()].sort(byText)) {
    const unit = units.get(id);
    if (unit) out[id] = unit;
  }
  return out;
}
