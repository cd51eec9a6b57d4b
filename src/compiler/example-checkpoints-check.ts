/**
 * `checkpoints` / `progress_rate` without a `checkpoints:` list read each example's own list
 * (`expected.checkpoints`, or their `expected:` path). Its tool and phrase checkpoints are never
 * reached on a `raip` or `http` agent, whose trajectory has no tool calls or assistant messages
 * (tool-calls-check.ts checks the plan's own list): every example missed them in silence (QA341).
 * One warning per metric, naming every dataset and agent: it was one per metric, dataset and agent
 * (QA351: a task with three such agents over two datasets said it six times at one file:line:col).
 */
import { isPlainObject, readPath } from '../metrics/resolve-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import type { ResolvedGroup } from './resolve.js';
import { checkpointsNeverReached } from './tool-calls-check.js';

const NO_TRAJECTORY = new Set(['raip', 'http']);

interface Found {
  metricId: string;
  path: PlanPath;
  at: string;
  items: unknown[];
  datasets: Map<string, { taskId: string; datasetId: string }>;
  agents: Map<string, string>;
}

export function checkExampleCheckpoints(
  groups: readonly ResolvedGroup[],
  plan: Plan,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const found = new Map<string, Found>();
  for (const group of groups) {
    const protocol = plan.agents[group.agentId]?.protocol ?? '';
    if (!NO_TRAJECTORY.has(protocol)) continue;
    for (const metric of group.metrics) {
      if (metric.type !== 'checkpoints' && metric.type !== 'progress_rate') continue;
      const config = metric.config as Record<string, unknown>;
      if (config.checkpoints !== undefined) continue;
      const at = typeof config.expected === 'string' ? config.expected : 'checkpoints';
      const key = metric.path.join('\u0000');
      const entry: Found = found.get(key) ?? {
        metricId: metric.id,
        path: metric.path,
        at,
        items: [],
        datasets: new Map(),
        agents: new Map(),
      };
      found.set(key, entry);
      const datasetKey = `${group.taskId}\u0000${group.datasetId}`;
      if (!entry.datasets.has(datasetKey)) {
        const items = checkpointItems(group, at);
        if (items.length > 0) {
          entry.datasets.set(datasetKey, { taskId: group.taskId, datasetId: group.datasetId });
          for (const item of items) entry.items.push(item);
        }
      }
      if (entry.datasets.has(datasetKey)) entry.agents.set(group.agentId, protocol);
    }
  }
  return [...found.values()].flatMap((entry) => {
    if (entry.datasets.size === 0) return [];
    const named = [...entry.agents].map(([id, protocol]) => `\`${id}\` (${protocol})`).join(', ');
    const listed = [...entry.datasets.values()];
    const tasks = new Set(listed.map((d) => d.taskId));
    const names = [
      ...new Set(listed.map((d) => (tasks.size > 1 ? `${d.taskId}/${d.datasetId}` : d.datasetId))),
    ];
    const field = entry.at.startsWith('vars.') ? entry.at : `expected.${entry.at}`;
    const from = `${names.length === 1 ? 'dataset' : 'datasets'} ${names.join(', ')}'s ${field}`;
    return checkpointsNeverReached(
      entry.metricId,
      entry.items,
      entry.agents.size,
      named,
      entry.path,
      locate,
      from,
    );
  });
}

/** The tool and phrase checkpoints of a dataset's examples (others are no matter here). */
function checkpointItems(group: ResolvedGroup, at: string): unknown[] {
  return group.dataset.examples.flatMap((example) => {
    const list = at.startsWith('vars.')
      ? readPath(example.vars, at.slice(5))
      : isPlainObject(example.expected)
        ? readPath(example.expected, at)
        : example.expected;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (c) => typeof c === 'string' || (c !== null && typeof c === 'object' && ('tool' in c || 'phrase' in c)),
    );
  });
}
