/**
 * `checkpoints` / `progress_rate` without a `checkpoints:` list read each example's own list
 * (`expected.checkpoints`, or their `expected:` path). Its tool and phrase checkpoints are never
 * reached on a `raip` or `http` agent, whose trajectory has no tool calls or assistant messages
 * (tool-calls-check.ts checks the plan's own list): every example missed them in silence (QA341).
 * One warning per metric, dataset and agent.
 */
import { isPlainObject, readPath } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import type { ResolvedGroup } from './resolve.js';
import { checkpointsNeverReached } from './tool-calls-check.js';

const NO_TRAJECTORY = new Set(['raip', 'http']);

export function checkExampleCheckpoints(
  group: ResolvedGroup,
  plan: Plan,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const protocol = plan.agents[group.agentId]?.protocol ?? '';
  if (!NO_TRAJECTORY.has(protocol)) return [];
  const out: Diagnostic[] = [];
  for (const metric of group.metrics) {
    if (metric.type !== 'checkpoints' && metric.type !== 'progress_rate') continue;
    const config = metric.config as Record<string, unknown>;
    if (config.checkpoints !== undefined) continue;
    const at = typeof config.expected === 'string' ? config.expected : 'checkpoints';
    const items = group.dataset.examples.flatMap((example) => {
      const list = at.startsWith('vars.')
        ? readPath(example.vars, at.slice(5))
        : isPlainObject(example.expected)
          ? readPath(example.expected, at)
          : example.expected;
      return Array.isArray(list) ? list : [];
    });
    const from = `dataset ${group.datasetId}'s ${at.startsWith('vars.') ? at : `expected.${at}`}`;
    const named = `\`${group.agentId}\` (${protocol})`;
    out.push(...checkpointsNeverReached(metric.id, items, 1, named, metric.path, locate, from));
  }
  return out;
}
