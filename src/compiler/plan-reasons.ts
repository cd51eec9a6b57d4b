/**
 * Why `evalc plan` says a step re-runs (DESIGN §6: "~ re-run (and why)"): per group, what changed
 * in its configuration since evalc.lock (template, agent identity, extraction, metric params); per
 * example, a failure recorded in the lock, a changed example, a missing cache entry. The same
 * words explain a `--locked` refusal (`planChanges`).
 */

import { JMESPATH_LIBRARY } from '../binding/extract.js';
import type { LockAgent, Lockfile, LockResult } from '../lockfile/types.js';
import { recordedCommandChange } from '../plan/command-secrets.js';
import type { AgentConfig } from '../plan/schema.js';
import { recordedUrlChange } from '../plan/url-secrets.js';
import { agentSettings, settingsChanges } from '../protocols/agent-settings.js';
import { CHAT_GREETING_REASON, groupGreetingUsesMaxTurns } from './chat-greeting-wire.js';
import {
  type AgentPin,
  type CompiledGroup,
  type CompiledPlan,
  keysTrace,
  sendsInstructions,
} from './compile.js';
import { digestOf } from './content-key.js';
import { dimensionRangeReason } from './dimension-range.js';
import { commandFolderChange, lockedEndpoint } from './identities.js';
import { judgeChangeReason } from './judge-change-reason.js';
import { expectedReferenceReason } from './judge-reference.js';
import { recordedScoreKey } from './lock-records.js';
import { numericVersionChange } from './numeric-version.js';
import { groupStreamsWithoutOptions } from './openai-stream-wire.js';
import type { PlanSymbol } from './plan-rows.js';
import { type ExampleSteps, hasScoreStep } from './step-keys.js';

export const UP_TO_DATE_REASON =
  'evalc.lock records it and is up to date: apply re-runs it only with --refresh';

/** Why an uncached score of a cached extraction runs: it failed last time, or it is simply missing. */
export function scoreReason(
  previous: LockResult | undefined,
  metricId: string,
  key: string,
  step: ExampleSteps,
  /** For a derived metric (pass_rate), the ids of the example metrics it derives from. */
  derivesFrom?: readonly string[],
): Why {
  const { repeat } = step;
  const entry = previous?.metrics[metricId];
  if (entry?.errors && recordedScoreKey(entry, repeat) === key)
    return {
      symbol: '~',
      reason: `because the previous attempt failed${entry.error ? ` (${entry.error})` : ''}`,
    };
  // Same metric, same extraction (both checked before): a different key means the example's
  // data changed (expected, expected_sha256, a var the template does not use…), not the request.
  const recorded = entry ? recordedScoreKey(entry, repeat) : undefined;
  if (recorded !== undefined && recorded !== key && previous?.invoke[repeat] === step.invokeKey) {
    // A derived metric's key covers its task's metrics in plan order: when an example metric it
    // derives from kept its recorded key (same extraction, same example), the example did not
    // change — the metrics: list was reordered (QA58: "the example changed" was said of that).
    const sameExample = derivesFrom?.some((id) => {
      const sibling = previous?.metrics[id];
      return sibling !== undefined && recordedScoreKey(sibling, repeat) === step.scoreKeys[id];
    });
    if (sameExample)
      return { symbol: '~', reason: "because the order of the task's metrics changed (metrics:)" };
    return {
      symbol: '~',
      reason: 'because the example changed (expected or another field, not the request)',
    };
  }
  return { symbol: '~', reason: 'not in cache' };
}

/** A step re-runs because its input step does: a new input stays "new". */
export function downstream(upstream: Why | undefined, reason: string): Why {
  return upstream?.symbol === '+' ? upstream : { symbol: '~', reason };
}

export interface Why {
  symbol: PlanSymbol;
  reason: string;
}

/**
 * What changed in the plan since `lock`, group by group, in the words `plan` uses
 * (`t1[a1]: input changed (template bindings.default.input)`): for a refusal under `--locked`.
 * At most `limit` lines; empty when no group's configuration changed (a description, say).
 */
export function planChanges(compiled: CompiledPlan, lock: Lockfile, limit = 8): string[] {
  const out: string[] = [];
  for (const cg of compiled.groups) {
    const why = groupReasons(cg, lock, compiled);
    const target = `${cg.group.taskId}/${cg.group.datasetId}[${cg.group.agentId}]`;
    const say = (w: Why | undefined, what = '') =>
      w && out.push(`${target}${what}: ${w.reason.replace(/^because /, '')}`);
    // A group new to the lock has one reason for every step: said once (a refused --locked run read
    // `t/d[c]: new agent` twice, for the invoke and the extract, then once per metric).
    const reasons = [why.invoke, why.extract, ...why.metrics.values()].filter((w) => w !== undefined);
    if (why.invoke && reasons.every((w) => w.reason === why.invoke?.reason)) {
      say(why.invoke);
      continue;
    }
    say(why.invoke);
    if (why.extract?.reason !== why.invoke?.reason) say(why.extract);
    for (const [metric, w] of why.metrics)
      if (!w.reason.startsWith('because the metrics it derives from changed')) say(w, `/${metric}`);
  }
  return out.length > limit
    ? [...out.slice(0, limit), `… and ${out.length - limit} more (evalc plan lists them)`]
    : out;
}

export function groupReasons(
  compiledGroup: CompiledGroup,
  lock: Lockfile | undefined,
  compiled: CompiledPlan,
): {
  invoke?: Why;
  extract?: Why;
  metrics: Map<string, Why>;
  /** What a changed invoke key of one example means when it cannot be the example itself. */
  changedInput?: string;
  /** The same, for an example its agent is not sent the instructions with (`ExampleSteps.instructionsUnsent`). */
  unsentInput?: string;
} {
  const { group } = compiledGroup;
  const metrics = new Map<string, Why>();
  const previous = lock?.groups[group.id];
  if (!lock || !previous) {
    const reason = !lock
      ? 'new'
      : !lock.agents[group.agentId]
        ? 'new agent'
        : !Object.values(lock.groups).some((g) => g.task === group.taskId)
          ? 'new task'
          : `new dataset (${group.datasetId})`;
    const why: Why = { symbol: '+', reason };
    for (const m of group.metrics) metrics.set(m.id, why);
    return { invoke: why, extract: why, metrics };
  }
  let invoke: Why | undefined;
  if (previous.agentDigest !== compiledGroup.agentDigest) {
    const lockedAgent = lock.agents[group.agentId];
    const pin = compiled.resolved.agentConfigDigests[group.agentId];
    // A url, or a mae agent's command or socket address, as the lock's `endpoint` records it.
    const endpoint = lockedEndpoint(compiled.resolved.plan.agents[group.agentId]);
    const folder = commandFolderChange(
      lockedAgent,
      compiled.resolved.plan.agents[group.agentId],
      compiled.resolved.loaded.commandDirs.agents[group.agentId],
    );
    const moved =
      lockedAgent && endpoint !== undefined && lockedAgent.endpoint !== endpoint.value
        ? endpoint.what === 'url'
          ? recordedUrlChange(lockedAgent.endpoint, endpoint.value)
          : recordedCommandChange(lockedAgent.endpoint, endpoint.value) // a command's key unquoted (QA339)
        : undefined;
    const detail =
      moved !== undefined && endpoint !== undefined
        ? `agent ${group.agentId}'s ${endpoint.what} changed ${moved}`
        : folder !== undefined
          ? `agent ${group.agentId}'s command runs in another folder (${folder})`
          : lockedAgent && pin && lockedAgent.digest !== compiledGroup.agentDigest
            ? identityChange(
                lockedAgent,
                compiled.resolved.plan.agents[group.agentId],
                compiled.agentPins?.[group.agentId],
              )
            : 'agent changed';
    invoke = { symbol: '~', reason: `because ${detail}` };
  } else if (previous.inputDigest !== group.templateDigest || previous.binding !== group.bindingName) {
    invoke = { symbol: '~', reason: `because input changed (template bindings.${group.bindingName}.input)` };
  }
  // run.trace is in the invoke key of the agents it can change (the raw reply is kept or not).
  const agent = compiled.resolved.plan.agents[group.agentId];
  const trace = compiled.resolved.plan.run.trace;
  const tracing = keysTrace(agent);
  if (!invoke && tracing && lock.run !== undefined && lock.run.trace !== trace) {
    invoke = { symbol: '~', reason: `because run.trace changed (${lock.run.trace} → ${trace})` };
  }
  // Same agent, template and dataset bytes, same trace setting: an invoke key can only differ
  // because the task's instructions changed (the lock keeps no copy of them to compare).
  const instructionsOnly =
    !invoke && previous.datasetSha256 === group.dataset.sha256 && (!tracing || lock.run?.trace === trace);
  const heldTrace = !tracing && lock.run?.trace === true;
  const hasInstructions = compiled.resolved.plan.tasks[group.taskId]?.instructions !== undefined;
  const extract: Why | undefined =
    previous.outputDigest !== group.outputDigest
      ? {
          symbol: '~',
          reason:
            // The same outputs, keyed apart since an openai reply's JSON content is read as `json` (QA93).
            previous.outputDigest ===
            digestOf({
              output: compiled.resolved.plan.tasks[group.taskId]?.bindings[group.bindingName]?.output,
              library: JMESPATH_LIBRARY,
            })
              ? group.maeOutput
                ? // Keyed apart since an mae reply carries `output`: its last reply's fields and `answer` (QA248).
                  `because an mae reply now has output, its last reply with answer, its final answer (evalc.lock's extractions, by an earlier evalc, read the reply without it)`
                : `because an openai reply's JSON content is now read as json (evalc.lock's extractions, by an earlier evalc, read the reply without it)`
              : `because extraction changed (bindings.${group.bindingName}.output)`,
        }
      : undefined;
  // Derived metrics (pass_rate) read the other metrics' results: their key covers every metric
  // of the task, so they re-score when any metric changed, was added or was removed.
  const gating = (config: unknown) => {
    const c = (config ?? {}) as { threshold?: unknown; gate?: unknown };
    return `${String(c.threshold ?? null)}|${String(c.gate ?? null)}`;
  };
  const metricSetChanged =
    group.metrics.some((m) => previous.metrics[m.id]?.digest !== m.digest) ||
    // A threshold or gate is not in its metric's digest (the score does not depend on it), but the pass is.
    group.metrics.some((m) => gating(previous.metrics[m.id]?.config) !== gating(m.config)) ||
    Object.keys(previous.metrics).some((id) => !group.metrics.some((m) => m.id === id));
  // A changed metric with no score step (judge_agreement, judge_stability…) has no row of its own
  // to say so: the derived metric's row names it (QA77: an upgrade's new versions went unnamed).
  const unrowed = group.metrics
    .filter((m) => !hasScoreStep(m) && previous.metrics[m.id] && previous.metrics[m.id]?.digest !== m.digest)
    .map((m) => {
      const was = previous.metrics[m.id]?.version;
      return was !== m.version ? `${m.id} version ${was} → ${m.version}` : m.id;
    });
  // A threshold, a gate or a removed metric has no score row of its own either: said here (QA119:
  // a threshold edit's only row read "because the metrics it derives from changed", naming none).
  const passing = (config: unknown, key: 'threshold' | 'gate') =>
    String((config as Record<string, unknown> | undefined)?.[key] ?? 'none');
  for (const m of group.metrics) {
    const was = previous.metrics[m.id]?.config;
    if (!was) continue;
    for (const key of ['threshold', 'gate'] as const)
      if (passing(was, key) !== passing(m.config, key))
        unrowed.push(`${m.id} ${key} ${passing(was, key)} → ${passing(m.config, key)}`);
  }
  for (const id of Object.keys(previous.metrics))
    if (!group.metrics.some((m) => m.id === id)) unrowed.push(`${id} removed`);
  // At most 3, as the other rows name theirs (QA124: 13 metrics' thresholds made a 466-character row).
  const listed = unrowed.length > 3 ? [...unrowed.slice(0, 3), `… (${unrowed.length - 3} more)`] : unrowed;
  const derivedReason = `because the metrics it derives from changed${listed.length > 0 ? ` (${listed.join(', ')})` : ''}`;
  for (const metric of group.metrics) {
    const old = previous.metrics[metric.id];
    if (old && old.digest === metric.digest) {
      if (metricSetChanged && metric.info?.stage === 'derived') {
        metrics.set(metric.id, { symbol: '~', reason: derivedReason });
      }
      continue;
    }
    if (!old) metrics.set(metric.id, { symbol: '+', reason: 'new metric' });
    else {
      const changes = describeParamChanges(old.config, metric.config as Record<string, unknown>);
      // Same params, different digest: the judge or the metric's code version changed.
      const reason = changes
        ? `because metric params changed (${changes})`
        : old.version !== metric.version
          ? `because metric ${metric.type} changed version (${old.version} → ${metric.version})`
          : metric.judgeId
            ? (expectedReferenceReason(
                metric.config as unknown as Record<string, unknown>,
                compiled.resolved.plan,
                lock.judges?.[metric.judgeId]?.digest === compiled.resolved.judgeDigests[metric.judgeId],
                lock.judges?.[metric.judgeId]?.registeredRubrics,
              ) ??
              dimensionRangeReason(
                metric.config as unknown as Record<string, unknown>,
                metric.formerDigest,
                old.digest,
              ) ??
              judgeChangeReason(metric, lock, compiled))
            : metric.type === 'cost'
              ? 'because prices changed (prices:)'
              : 'because metric params changed';
      metrics.set(metric.id, { symbol: '~', reason });
    }
  }
  return {
    ...(invoke ? { invoke } : {}),
    ...(extract ? { extract } : {}),
    metrics,
    ...(instructionsOnly
      ? {
          changedInput: sendsInstructions(agent)
            ? heldTrace
              ? // A mae agent sent the instructions: its key held run.trace: true before QA74 too, and the
                // lock keeps no copy of the instructions to tell which of the two it was.
                `because the task's instructions changed (tasks.${group.taskId}.instructions) or evalc.lock's invoke keys held run.trace: true (an earlier evalc keyed it), which agent ${group.agentId}'s requests never carry`
              : `because the task's instructions changed (tasks.${group.taskId}.instructions)`
            : groupGreetingUsesMaxTurns(agent, group)
              ? CHAT_GREETING_REASON
              : agent?.protocol === 'openai' && groupStreamsWithoutOptions(group)
                ? // The request itself changed: evalc asks a streamed reply for its usage (QA150).
                  `because evalc now sends stream_options: {include_usage: true} with stream: true, so a streamed reply reports its tokens (an earlier evalc sent no stream_options)`
                : unsentKeyReason(group.agentId, 'never-sent', heldTrace, hasInstructions),
          // A mae example whose task text is its own task_description (step-keys.ts: QA74).
          ...(sendsInstructions(agent)
            ? { unsentInput: unsentKeyReason(group.agentId, 'task-description', heldTrace, hasInstructions) }
            : {}),
        }
      : {}),
  };
}

/**
 * Why an agent's invoke keys changed with nothing it is sent: an evalc before QA66 keyed the task's
 * instructions, one before QA74 `run.trace: true`, for agents whose requests never carry them.
 */
function unsentKeyReason(
  agentId: string,
  unsent: 'never-sent' | 'task-description',
  heldTrace: boolean,
  hasInstructions: boolean,
): string {
  if (!heldTrace)
    return unsent === 'never-sent'
      ? `because evalc.lock's invoke keys held the task's instructions, which agent ${agentId} is never sent (an earlier evalc keyed them)`
      : `because evalc.lock's invoke keys held the task's instructions, which agent ${agentId}'s task_description does not carry (an earlier evalc keyed them)`;
  const held = hasInstructions
    ? "run.trace: true or the task's instructions (an earlier evalc keyed them)"
    : 'run.trace: true (an earlier evalc keyed it)';
  return `because evalc.lock's invoke keys held ${held}, which agent ${agentId}'s requests never carry`;
}

export function exampleReason(
  previous: LockResult | undefined,
  step: ExampleSteps,
  changedInput?: string,
  /** evalc's own invoke code moved the key (code-version-reason.ts), read when nothing above says why. */
  codeChanged?: () => string | undefined,
): Why | undefined {
  if (!previous) return { symbol: '+', reason: 'new example' };
  // run.repeats grew: the lock has no invoke for this repeat yet.
  if (step.repeat >= previous.invoke.length)
    return { symbol: '+', reason: `new repeat (run.repeats was ${previous.invoke.length})` };
  const error = previous.errors?.[step.repeat];
  if (error) return { symbol: '~', reason: `because the previous attempt failed (${error})` };
  // The lock recorded this very invoke key: nothing changed, the cache just lacks it (a new or
  // pruned cache folder), so "the example changed" would be a wrong reason.
  if (previous.invoke[step.repeat] === step.invokeKey) return { symbol: '~', reason: 'not in cache' };
  return { symbol: '~', reason: codeChanged?.() ?? changedInput ?? 'because the example changed' };
}

export function describeParamChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: string[] = [];
  for (const k of keys) {
    const a = JSON.stringify(before[k]);
    const b = JSON.stringify(after[k]);
    if (a !== b) changes.push(`${k}: ${a ?? '(none)'} → ${b ?? '(none)'}`.replaceAll('"', ''));
  }
  return changes.join(', ');
}

/**
 * An agent identity change, naming the pinned protocol settings that changed (QA54: `maxTurns 6 → 3`
 * read only "agent identity changed") and a discovered version or input schema; an unpinned setting
 * such as a prompt stays that.
 */
function identityChange(
  locked: LockAgent,
  config: AgentConfig | undefined,
  pin: AgentPin | undefined,
): string {
  const changes = [config ? settingsChanges(locked.settings, agentSettings(config).settings) : ''];
  // What discovery pinned (QA66: a new version or input schema read only "agent identity changed").
  // A declared `version:` of an agent without discovery is recorded as its version too (QA115).
  // A version the lock pinned none of is named too, as plan's note and apply --locked name it (QA156:
  // the row read only "agent identity changed" for an agent that starts sending one), and one it
  // stops sending (QA162: `version 1.0.0 → (none)` in the note, the row said no more).
  const version = pin?.version ?? config?.version;
  if (version !== locked.version)
    changes.push(
      numericVersionChange(locked.version, pin) ??
        `version ${locked.version ?? '(none)'} → ${version ?? '(none)'}`,
    );
  // A declared `version:` beside the one /info gives (QA256: a bump read "agent identity changed" alone).
  const declared = config?.version;
  const declaredBefore = locked.declaredVersion ?? locked.version;
  if (
    pin?.version !== undefined &&
    (declared !== undefined || locked.declaredVersion !== undefined) &&
    declared !== declaredBefore &&
    !changes.some((c) => c.startsWith('version '))
  )
    changes.push(`declared version ${declaredBefore ?? '(none)'} → ${declared ?? '(none)'}`);
  if (
    pin?.schemaDigest !== undefined &&
    locked.schemaDigest !== undefined &&
    pin.schemaDigest !== locked.schemaDigest
  )
    changes.push(`input schema ${locked.schemaDigest.slice(0, 19)}… → ${pin.schemaDigest.slice(0, 19)}…`);
  const named = changes.filter((c) => c !== '').join('; ');
  if (!named && config !== undefined && seedChatForms(config))
    return 'agent identity changed (no pinned setting; if `profile: seed` replaced `replayTools: false` or the other way round: they mean the same but are keyed apart, so the agent is called again)';
  return named ? `agent identity changed (${named})` : 'agent identity changed';
}

/**
 * A chat agent written in one of the two seed forms that keep keys of their own (QA100, QA106):
 * `profile: seed` alone is the agent with no `replayTools`, as it was before profiles existed, and
 * `replayTools: false` has been a key of its own longer still; sharing them would re-run one of
 * the two kinds of existing caches, so `plan` says why such a rewrite re-runs instead.
 */
function seedChatForms(config: AgentConfig): boolean {
  if (config.protocol !== 'chat') return false;
  return config.replayTools === false || (config.profile === 'seed' && config.replayTools === undefined);
}
