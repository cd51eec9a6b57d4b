/**
 * Which metrics of a lock group decide no example's pass, as the pass rule leaves them out
 * (metrics/score-example.ts `gatingMetrics`), read from the configs the lock pins: when the task
 * has gating metrics (`gate: true`, or a `threshold` without `gate: false`), every other metric;
 * else those marked `gate: false` and the efficiency family (`steps`, `tokens`, `cost`), which
 * only measures. A report's example is `error` when an error decided it — an invoke's, or the own
 * error of a metric that decides —; a measurement's error (`cost` with no price) decides nothing,
 * so the example stays the pass or fail its checks made it (QA99).
 */

import { getMetricDefinition } from '../metrics/registry.js';
import type { LockGroup } from './types.js';

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the group's metrics whose error decides nothing. Empty when the lock does not say (a
 * group without metric configs, a metric type this evalc does not know): every error decides then.
 */
export function nonDecidingMetricIds(group: LockGroup | undefined): ReadonlySet<string> {
  const metrics = group?.metrics;
  if (!metrics) return NONE;
  const example: { id: string; config: Record<string, unknown>; measurement: boolean }[] = [];
  const others: string[] = [];
  for (const [id, m] of Object.entries(metrics)) {
    const definition = getMetricDefinition(m.type);
    if (!definition) return NONE;
    // Derived and repeats-stage metrics (pass_rate, pass_hat_k, consistency) never decide the pass.
    if (definition.stage !== 'example') others.push(id);
    else example.push({ id, config: m.config ?? {}, measurement: definition.family === 'efficiency' });
  }
  const gating = (c: Record<string, unknown>) =>
    c.gate === true || (c.gate !== false && c.threshold !== undefined && c.threshold !== null);
  const explicit = example.some((m) => gating(m.config));
  const quiet = example
    .filter((m) => (explicit ? !gating(m.config) : m.config.gate === false || m.measurement))
    .map((m) => m.id);
  return new Set([...others, ...quiet]);
}
