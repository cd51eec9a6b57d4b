/**
 * Compile: the DAG of logical steps (graphlib) at agent × task × dataset granularity —
 * fetch → invoke → extract → score → aggregate — with each group's key configuration.
 * Per-example steps are generated as a stream by `groupSteps`. A full pass over the
 * examples renders every input and reports templates that fail, naming the examples.
 */

import { Graph } from '@dagrejs/graphlib';
import type { Diagnostic } from '../plan/diagnostic.js';
import type { AgentConfig } from '../plan/schema.js';
import { chatReplaysTools } from '../protocols/chat/profile.js';
import { taskTextHoldsInstructions } from '../protocols/mae/task-text.js';
import { CHAT_GREETING_WIRE, greetingUsesMaxTurns, greetingWireFor } from './chat-greeting-wire.js';
import { checkContentTemplates } from './content-check.js';
import { digestOf } from './content-key.js';
import { checkExampleCheckpoints } from './example-checkpoints-check.js';
import { checkExpectedPaths } from './expected-check.js';
import { bareHashReaders, hashFieldsByDataset } from './expected-hash-check.js';
import { checkHumanScores } from './human-score-check.js';
import { type JudgePins, pinnedMetricDigest } from './judge-pins.js';
import { checkKappaLabels } from './kappa-labels-check.js';
import { checkOpenaiInputs } from './openai-input-check.js';
import {
  inputStreamsWithoutOptions,
  OPENAI_STREAM_WIRE,
  streamsWithoutOptions,
} from './openai-stream-wire.js';
import { checkReadyLines } from './ready-line-check.js';
import type { ResolvedGroup, ResolvedPlan } from './resolve.js';
import { checkRunSize } from './run-size-check.js';
import { type GroupKeyConfig, groupKeyConfig } from './step-keys.js';

export { streamsWithoutOptions } from './openai-stream-wire.js';

import { checkGroupTemplates } from './template-check.js';

export interface AgentPin {
  name?: string;
  version?: string;
  schemaDigest?: string;
  etag?: string;
  /**
   * evalc.lock's identity digest of the agent, beside the pins read back from it (`pinsOf`): a
   * RAIP agent's locked `version` may be the plan's declared one (its /info has none), which apply's
   * discovery does not pin; the digest tells which (QA115). Never written to a lock.
   */
  lockedDigest?: string;
  /** `version` came from a JSON number in /info (numeric-version.ts); never written to a lock, no key. */
  numericVersion?: true;
}

export interface CompiledGroup {
  group: ResolvedGroup;
  agentDigest: string;
  keys: GroupKeyConfig;
  /** Number of invoke steps (examples × repeats). */
  invokes: number;
}

export interface CompiledPlan {
  resolved: ResolvedPlan;
  /**
   * The DAG, built on first read (only `evalc graph` draws it): validate, plan and apply read the
   * groups, and building ~60,000 nodes for 500 tasks × 5 agents × 20 metrics took a second and
   * hundreds of MB they never used (QA80). A lazy getter, so library callers still read a `Graph`.
   */
  readonly graph: Graph;
  groups: CompiledGroup[];
  agentDigests: Record<string, string>;
  /** What discovery (or evalc.lock) pinned per agent, as the keys were computed: `plan` names its changes. */
  agentPins?: Record<string, AgentPin>;
  diagnostics: Diagnostic[];
}

export type StepKind = 'fetch' | 'invoke' | 'extract' | 'score' | 'aggregate';
export const STEP_KINDS: readonly StepKind[] = ['fetch', 'invoke', 'extract', 'score', 'aggregate'];

/** Agent identity digest: result-relevant config plus what discovery pinned. */
export function agentDigest(configDigest: string, pin: AgentPin | undefined): string {
  return digestOf({
    config: configDigest,
    schemaDigest: pin?.schemaDigest ?? null,
    version: pin?.version ?? null,
  });
}

/** A pin read back from evalc.lock, as the run that wrote it keyed the agent (`AgentPin.lockedDigest`). */
function asLocked(configDigest: string, pin: AgentPin | undefined): AgentPin | undefined {
  if (pin?.lockedDigest === undefined || pin.version === undefined) return pin;
  if (agentDigest(configDigest, pin) === pin.lockedDigest) return pin;
  const { version: _declared, ...rest } = pin;
  return agentDigest(configDigest, rest) === pin.lockedDigest ? rest : pin;
}

/**
 * Request shapes an adapter changed after answers were cached under the same keys: the key of
 * an affected group says so, so those answers are asked again rather than reused. RAIP sends
 * the task's instructions in its context; MultiAgentEval reads an object input without
 * `task_description` as the request's fields (it used to send only the instructions); a chat
 * agent on the platform profile no longer answers the last scripted line.
 */
function wireOf(agent: AgentConfig | undefined, group: ResolvedGroup, instructions: string | undefined) {
  const protocol = agent?.protocol;
  if (protocol === 'raip' && instructions) return 'raip-context-instructions';
  // A greeting that uses up maxTurns: 1 is the whole conversation (QA143): the old transcript was wrong (QA151).
  if (greetingUsesMaxTurns(agent, group.template)) return CHAT_GREETING_WIRE;
  // The platform profile stopped answering the last scripted line (C15).
  if (agent?.protocol === 'chat' && chatReplaysTools(agent)) return 'chat-platform-last-line';
  // A streamed request is sent stream_options: {include_usage: true} (QA150): its reply has usage
  // (an input that is one variable: per example, `exampleWire`).
  if (protocol === 'openai' && streamsWithoutOptions(group.template)) return OPENAI_STREAM_WIRE;
  if (
    protocol === 'mae' &&
    group.template.kind === 'object' &&
    !group.template.entries.some(([key]) => key === 'task_description')
  )
    return 'mae-task-fields';
  return undefined;
}

/**
 * A wire tag that depends on each example's rendered input: an openai input that is one variable
 * (`input: "{{conv}}"`) is sent stream_options where that value streams, so those examples alone
 * are tagged (QA153; the group's tag re-keyed every example when one streaming example was added,
 * QA155).
 */
function exampleWire(agent: AgentConfig | undefined, group: ResolvedGroup) {
  // A chat greeting from a variable that uses up maxTurns: 1 (QA156; a template's: `wireOf`).
  if (agent?.protocol === 'chat') return greetingWireFor(agent, group);
  if (agent?.protocol !== 'openai' || group.template.kind !== 'leaf') return undefined;
  return { wire: OPENAI_STREAM_WIRE, applies: inputStreamsWithoutOptions };
}

/**
 * Whether an agent's requests carry the task's instructions: RAIP's context and MultiAgentEval's
 * task text do; a chat, openai or http agent is sent only its rendered input, so an instructions
 * edit must not re-invoke it (QA66: every chat example was asked again, its request unchanged).
 */
export function sendsInstructions(agent: AgentConfig | undefined): boolean {
  return agent?.protocol === 'raip' || agent?.protocol === 'mae';
}

/**
 * Whether `run.trace` can change an agent's invoke step: RAIP sends it (context, `/invoke?trace=true`)
 * and keeps `raw`, an `http` agent keeps the whole reply `response:` narrowed. A chat, openai or mae
 * request and its record are the same either way, so its key holds `trace: false` whatever the
 * setting (QA74: turning tracing on re-invoked every chat example; with tracing off, keys unchanged).
 */
export function keysTrace(agent: AgentConfig | undefined): boolean {
  const protocol = agent?.protocol;
  return protocol !== 'chat' && protocol !== 'openai' && protocol !== 'mae';
}

/** The group with each judge metric's digest covering its registered rubric's tag (judge-pins.ts). */
function withJudgePins(group: ResolvedGroup, plan: ResolvedPlan['plan'], pins: JudgePins): ResolvedGroup {
  let metrics: ResolvedGroup['metrics'] | undefined;
  group.metrics.forEach((metric, i) => {
    const digest = pinnedMetricDigest(metric, plan, pins);
    if (digest === metric.digest) return;
    metrics ??= [...group.metrics];
    metrics[i] = { ...metric, digest };
  });
  return metrics ? { ...group, metrics } : group;
}

/** The DAG of logical steps at agent × task × dataset granularity, for `evalc graph`. */
function buildGraph(benchmark: string, groups: CompiledGroup[]): Graph {
  const graph = new Graph({ directed: true });
  graph.setNode('aggregate/benchmark', { kind: 'aggregate', label: benchmark });
  for (const { group } of groups) {
    const datasetNode = `fetch/dataset/${group.taskId}/${group.datasetId}`;
    const agentNode = `fetch/agent/${group.agentId}`;
    const invokeNode = `invoke/${group.id}`;
    const extractNode = `extract/${group.id}`;
    const aggregateNode = `aggregate/${group.id}`;
    const taskNode = `aggregate/task/${group.taskId}`;
    graph.setNode(datasetNode, { kind: 'fetch', label: `${group.taskId}/${group.datasetId}` });
    graph.setNode(agentNode, { kind: 'fetch', label: group.agentId });
    graph.setNode(invokeNode, { kind: 'invoke', label: group.id });
    graph.setNode(extractNode, { kind: 'extract', label: group.id });
    graph.setNode(aggregateNode, { kind: 'aggregate', label: group.id });
    graph.setNode(taskNode, { kind: 'aggregate', label: group.taskId });
    graph.setEdge(datasetNode, invokeNode);
    graph.setEdge(agentNode, invokeNode);
    graph.setEdge(invokeNode, extractNode);
    for (const metric of group.metrics) {
      const scoreNode = `score/${group.id}/${metric.id}`;
      graph.setNode(scoreNode, { kind: 'score', label: `${group.id}/${metric.id}` });
      graph.setEdge(extractNode, scoreNode);
      graph.setEdge(scoreNode, aggregateNode);
      if (metric.judgeId) {
        const judgeNode = `fetch/judge/${metric.judgeId}`;
        graph.setNode(judgeNode, { kind: 'fetch', label: metric.judgeId });
        graph.setEdge(judgeNode, scoreNode);
      }
    }
    graph.setEdge(aggregateNode, taskNode);
    graph.setEdge(taskNode, 'aggregate/benchmark');
  }
  return graph;
}

export function compilePlan(
  resolved: ResolvedPlan,
  pins: Record<string, AgentPin>,
  options: { checkTemplates?: boolean; judgePins?: JudgePins } = {},
): CompiledPlan {
  const { plan } = resolved;
  const judgePins = options.judgePins ?? {};
  const diagnostics: Diagnostic[] = checkReadyLines(plan, resolved.loaded.locate);
  const benchmark = plan.benchmark.id;
  const agentDigests: Record<string, string> = {};
  const agentPins = Object.assign(Object.create(null) as Record<string, AgentPin>, pins);
  for (const [id, configDigest] of Object.entries(resolved.agentConfigDigests)) {
    const pin = asLocked(configDigest, pins[id]);
    if (pin) agentPins[id] = pin;
    agentDigests[id] = agentDigest(configDigest, pin);
  }
  const groups: CompiledGroup[] = [];
  for (const resolvedGroup of resolved.groups) {
    const group = withJudgePins(resolvedGroup, plan, judgePins);
    const task = plan.tasks[group.taskId]!;
    const keys = groupKeyConfig(group, agentDigests[group.agentId]!, {
      trace: keysTrace(plan.agents[group.agentId]) ? plan.run.trace : false,
      repeats: plan.run.repeats,
      instructions: sendsInstructions(plan.agents[group.agentId]) ? task.instructions : undefined,
      // MultiAgentEval's task text holds them unless the input is the whole text (QA74).
      instructionsSentFor:
        plan.agents[group.agentId]?.protocol === 'mae' ? taskTextHoldsInstructions : undefined,
      wire: wireOf(plan.agents[group.agentId], group, task.instructions),
      wireFor: exampleWire(plan.agents[group.agentId], group),
    });
    groups.push({
      group,
      agentDigest: agentDigests[group.agentId]!,
      keys,
      invokes: group.dataset.examples.length * plan.run.repeats,
    });
  }
  diagnostics.push(
    ...checkRunSize(
      plan.run.repeats,
      groups.reduce((n, g) => n + g.invokes, 0),
      resolved.loaded.locate,
    ),
  );
  if (options.checkTemplates !== false) {
    const seen = new Set<string>();
    const taskOutputs = new Map<string, Set<string>>();
    for (const { group } of groups) {
      const names = taskOutputs.get(group.taskId) ?? new Set<string>();
      for (const name of Object.keys(group.extraction.expressions)) names.add(name);
      taskOutputs.set(group.taskId, names);
    }
    // Agents sharing a binding see the same content context, and expected paths depend on the
    // agent only through its binding's output names: content templates are checked once per (task,
    // dataset, binding), expected paths once per (task, dataset, set of output names).
    const checked = new Set<string>();
    const expectedChecked = new Set<string>();
    const hashFields = hashFieldsByDataset([...groups.map((g) => g.group), ...(resolved.unselected ?? [])]);
    const readers = bareHashReaders(groups.map((g) => g.group));
    diagnostics.push(
      ...checkOpenaiInputs(
        resolved,
        groups.map((g) => g.group),
      ),
    );
    // One warning per metric, naming its datasets and agents (QA351: it was one per agent and dataset).
    diagnostics.push(
      ...checkExampleCheckpoints(
        groups.map((g) => g.group),
        resolved.plan,
        resolved.loaded.locate,
      ),
    );
    diagnostics.push(
      ...checkHumanScores(
        groups.map((g) => g.group),
        resolved.loaded.locate,
      ),
    );
    for (const compiled of groups) {
      diagnostics.push(...checkGroupTemplates(resolved, compiled));
      // A task metric is shared by the task's agents: report each content problem once.
      const { group } = compiled;
      const outputs = taskOutputs.get(group.taskId)!;
      const datasetKey = `${group.taskId}\u0000${group.datasetId}`;
      const bindingKey = `${datasetKey}\u0000${group.bindingName}`;
      // Per binding's outputs: a metric without `expected:` reads its candidate, the binding's output
      // (QA283); bindings with the same output names read the same fields, so are checked once (QA288:
      // each agent's own binding read the 10k rows again, 0.7 s of validate with 10 such agents).
      const outputsKey = `${datasetKey}\u0000${[...group.extraction.names].sort().join('\u0000')}`;
      const problems = [
        ...(checked.has(bindingKey) ? [] : checkContentTemplates(group, resolved.loaded.locate, outputs)),
        ...(checked.has(bindingKey) ? [] : checkKappaLabels(group, resolved.loaded.locate)),
        ...(expectedChecked.has(outputsKey)
          ? []
          : checkExpectedPaths(group, resolved.loaded.locate, hashFields.get(group.dataset.sha256), readers)),
      ];
      checked.add(bindingKey);
      expectedChecked.add(outputsKey);
      for (const d of problems) {
        const id = `${d.code}\u0000${d.path.join('.')}\u0000${d.message}`;
        if (seen.has(id)) continue;
        seen.add(id);
        diagnostics.push(d);
      }
    }
  }
  const compiled = { resolved, groups, agentDigests, agentPins, diagnostics } as CompiledPlan;
  // `graph` stays a property of the public API (src/index.ts), built on first read; not enumerable,
  // so `{ ...compiled, groups }` (start-agents.ts) does not build it either.
  let graph: Graph | undefined;
  Object.defineProperty(compiled, 'graph', {
    get: () => {
      graph ??= buildGraph(benchmark, groups);
      return graph;
    },
    enumerable: false,
  });
  return compiled;
}
