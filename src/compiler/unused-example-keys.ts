/**
 * Example keys that script one protocol (QA48): `turns` is the scripted user of `chat` agents,
 * `tools`, `policies` and `human` are the tool sandbox, governance and `hitl_pause` reply of `mae`
 * agents (DESIGN §2). Given to agents of other protocols they are not sent anywhere, and the run
 * silently evaluated the agent without them. A dataset may be shared by agents of several
 * protocols — in one task, or in several tasks reading the same file — so a key is a warning, at
 * its first use, only when no agent that runs the dataset reads it. A binding template that names
 * `turns` (templates see `{ id, vars, turns, … }`) reads it for any protocol.
 */
import type { Diagnostic, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';

export const SCRIPT_KEYS = ['turns', 'tools', 'policies', 'human'] as const;
export type ScriptKey = (typeof SCRIPT_KEYS)[number];

/** Where each script key first appears in a dataset, and in how many examples. */
export type ScriptKeyUses = Partial<Record<ScriptKey, { count: number; source: SourcePosition }>>;

/** Counts `example`'s script keys into `uses` (a field's position only for its first use). */
export function noteScriptKeys(
  example: Record<string, unknown>,
  fieldAt: (path: readonly PropertyKey[]) => SourcePosition,
  uses: ScriptKeyUses,
): void {
  for (const key of SCRIPT_KEYS) {
    if (example[key] === undefined) continue;
    const seen = uses[key];
    if (seen) seen.count++;
    else uses[key] = { count: 1, source: fieldAt([key]) };
  }
}

const READERS: Record<ScriptKey, string> = {
  turns: 'it is the scripted user of `chat` agents',
  tools: 'it scripts the tool sandbox of `mae` agents',
  policies: 'it sets the governance policies of `mae` agents',
  human: 'it answers the `hitl_pause` of `mae` agents',
};

/** The script keys that some agent of a task reads. */
export function keysReadBy(plan: Plan, taskId: string, agentIds: readonly string[]): Set<ScriptKey> {
  const task = plan.tasks[taskId];
  const read = new Set<ScriptKey>();
  for (const agentId of agentIds) {
    const protocol = plan.agents[agentId]?.protocol;
    if (protocol === 'chat') read.add('turns');
    if (protocol === 'mae') for (const key of ['tools', 'policies', 'human'] as const) read.add(key);
    const binding = task?.bindings[agentId] ?? task?.bindings.default;
    if (binding && /\bturns\b/.test(JSON.stringify(binding.input ?? null))) read.add('turns');
  }
  return read;
}

interface Use {
  datasetId: string;
  taskIds: string[];
  agents: string[];
  uses: ScriptKeyUses;
  read: Set<ScriptKey>;
}

/** Collects the datasets of every task, then warns of the keys no agent of any of them reads. */
export class UnusedExampleKeys {
  private readonly bySource = new Map<string, Use>();

  add(
    plan: Plan,
    dataset: {
      taskId: string;
      datasetId: string;
      source: string;
      sha256: string;
      scriptKeys?: ScriptKeyUses;
    },
    agentIds: readonly string[],
  ): void {
    if (!dataset.scriptKeys || agentIds.length === 0) return;
    // A file read by several tasks is one dataset; inline examples belong to their task.
    const id =
      dataset.source === 'inline'
        ? `inline\u0000${dataset.taskId}\u0000${dataset.datasetId}`
        : `${dataset.source}\u0000${dataset.sha256}`;
    const use = this.bySource.get(id) ?? {
      datasetId: dataset.datasetId,
      taskIds: [],
      agents: [],
      uses: dataset.scriptKeys,
      read: new Set<ScriptKey>(),
    };
    this.bySource.set(id, use);
    use.taskIds.push(dataset.taskId);
    for (const agentId of agentIds) {
      const label = `${agentId} (${plan.agents[agentId]?.protocol})`;
      if (!use.agents.includes(label)) use.agents.push(label);
    }
    for (const key of keysReadBy(plan, dataset.taskId, agentIds)) use.read.add(key);
  }

  warnings(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const use of this.bySource.values()) {
      for (const key of SCRIPT_KEYS) {
        const found = use.uses[key];
        if (!found || use.read.has(key)) continue;
        const examples = found.count === 1 ? '1 example' : `${found.count} examples`;
        const tasks = use.taskIds.length === 1 ? `task ${use.taskIds[0]}` : `tasks ${use.taskIds.join(', ')}`;
        out.push(
          diagnostic(
            'EVALC_EXAMPLE_UNUSED_KEY',
            `\`${key}\` (${examples} of dataset ${use.datasetId}) is read by no agent of ${tasks} (${READERS[key]}; the agents are ${use.agents.join(', ')})`,
            ['tasks', use.taskIds[0]!, 'datasets', use.datasetId],
            {
              severity: 'warning',
              source: found.source,
              hint:
                key === 'turns'
                  ? 'run the dataset with a chat agent, name {{turns}} in the binding template, or drop the key'
                  : 'run the dataset with an mae agent, or drop the key',
            },
          ),
        );
      }
    }
    return out;
  }
}
