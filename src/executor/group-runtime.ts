/** The per-group runtime of a run: metrics with their judges and rubrics, the adapter, the example stream. */

import type { CompiledGroup, CompiledPlan } from '../compiler/compile.js';
import type { ResolvedExample } from '../compiler/datasets.js';
import { replyLimit } from '../compiler/reply-limit-failures.js';
import { resolveMetric } from '../metrics/index.js';
import { resolveRubric } from '../protocols/rubrics/index.js';
import type { AgentRuntime } from './agent-runtime.js';
import type { ApplyOptions } from './apply-types.js';
import type { LogStore } from './cache-store.js';
import type { InvokeGate } from './invoke-gate.js';
import type { JudgeRuntime } from './judges.js';
import type { GroupRuntime, MetricRuntime } from './run-example.js';
import type { SchemaDriftWatch } from './schema-drift.js';

export function* exampleItems(
  runtimes: GroupRuntime[],
): Generator<{ rt: GroupRuntime; index: number; example: ResolvedExample }> {
  for (const rt of runtimes) {
    const examples = rt.compiled.group.dataset.examples;
    for (let index = 0; index < examples.length; index++) yield { rt, index, example: examples[index]! };
  }
}

export function groupRuntime(
  cg: CompiledGroup,
  ctx: {
    agents: Map<string, AgentRuntime>;
    judges: Map<string, JudgeRuntime>;
    store: LogStore;
    runId: string;
    options: ApplyOptions;
    scrub: (t: string) => string;
    scrubContent?: (t: string) => string;
    logLines: { push(line: string): void };
    resolved: CompiledPlan;
    rubricVersions: Map<string, Set<string>>;
    judgeModels?: Map<string, Set<string>>;
    stepSignal: AbortSignal;
    hasSecrets: boolean;
    gates: Map<string, InvokeGate>;
    drift?: SchemaDriftWatch;
    inFlight?: Map<string, Promise<void>>;
  },
): GroupRuntime {
  const plan = ctx.resolved.resolved.plan;
  const metrics: MetricRuntime[] = cg.group.metrics.map((m) => {
    const lib = resolveMetric({ ...m.config, id: m.id });
    if (!lib.ok) throw new Error(`metric ${m.id} passed validation but does not resolve`);
    const runtime: MetricRuntime = { lib: lib.metric };
    if (m.sendsExpected) runtime.sendsExpected = true;
    if (m.judgeId) {
      runtime.judgeId = m.judgeId;
      const judge = ctx.judges.get(m.judgeId);
      if (judge) {
        runtime.judge = judge.client;
        if (judge.clientAt) runtime.judgeAt = judge.clientAt;
        runtime.verdictCache = {
          metricDigest: m.digest,
          store: ctx.store,
          refresh: Boolean(ctx.options.refresh),
          scrubber: { scrub: ctx.scrub, hasSecrets: ctx.hasSecrets },
        };
      }
      const rubricName =
        (typeof m.config.rubric === 'string' ? m.config.rubric : undefined) ??
        judgeConfigRubric(m.config) ??
        plan.judges[m.judgeId]?.rubric;
      const rubric = rubricName ? resolveRubric(rubricName, plan.rubrics) : undefined;
      if (rubric) {
        runtime.rubric = {
          name: rubric.name,
          dimensions: rubric.rubric.dimensions.map((d) => ({
            id: d.id,
            description: d.description,
            weight: d.weight,
          })),
          ...(rubric.rubric.failureModes ? { failureModes: rubric.rubric.failureModes } : {}),
        };
      }
    }
    return runtime;
  });
  // Built once a judge call of this group fails (a lookup by example, not a scan per failure).
  // The group's place is the lock's, its rows sorted by group id (QA305: the plan's order named
  // task zz's failure before the lock's first row, task aa's).
  let indexOf: Map<ResolvedExample, number> | undefined;
  let rank: number | undefined;
  const orderOf = (example: ResolvedExample): readonly number[] => {
    indexOf ??= new Map(cg.group.dataset.examples.map((e, i) => [e, i]));
    rank ??= ctx.resolved.groups.filter((g) => g.group.id < cg.group.id).length;
    return [rank, indexOf.get(example) ?? Number.POSITIVE_INFINITY];
  };
  const agent = ctx.agents.get(cg.group.agentId);
  const adapter = agent?.adapter ?? frozenAdapter;
  const gate = ctx.gates.get(cg.group.agentId);
  return {
    compiled: cg,
    adapter,
    ...(gate ? { gate } : {}),
    ...(agent?.rate ? { rate: agent.rate } : {}),
    // Not under --frozen (no agent): a failure refused under a smaller limit is reused, as any cached step.
    ...(agent ? { maxResponseBytes: replyLimit(plan, cg.group.agentId) } : {}),
    ...(agent?.servedExit ? { servedExit: agent.servedExit } : {}),
    ...(ctx.inFlight ? { inFlight: ctx.inFlight } : {}),
    metrics,
    orderOf,
    store: ctx.store,
    runId: ctx.runId,
    trace: plan.run.trace,
    refresh: Boolean(ctx.options.refresh),
    instructions: plan.tasks[cg.group.taskId]?.instructions,
    prices: plan.prices,
    signal: ctx.stepSignal,
    dispatchSignal: ctx.options.signal,
    scrub: ctx.scrub,
    ...(ctx.scrubContent ? { scrubContent: ctx.scrubContent } : {}),
    hasSecrets: ctx.hasSecrets,
    log: (line) => ctx.logLines.push(line),
    rubricVersions: ctx.rubricVersions,
    ...(ctx.judgeModels ? { judgeModels: ctx.judgeModels } : {}),
    onInvoke: (event) => {
      ctx.drift?.note(cg.group.agentId, cg.group.id, event.error);
      ctx.options.progress.step({ agent: cg.group.agentId, ...event });
    },
    onInvokeStart: (event) => ctx.options.progress.started?.({ agent: cg.group.agentId, ...event }),
    onInvokeEnd: (event) => ctx.options.progress.settled?.({ agent: cg.group.agentId, ...event }),
    ...(ctx.options.progress.stage
      ? { onStage: (event) => ctx.options.progress.stage?.({ agent: cg.group.agentId, ...event }) }
      : {}),
  };
}

/** MultiAgentEval's per-metric `judge_config.judge_rubric`. */
export function judgeConfigRubric(config: Record<string, unknown>): string | undefined {
  const jc = config.judge_config;
  if (jc === null || typeof jc !== 'object') return undefined;
  const rubric = (jc as Record<string, unknown>).judge_rubric;
  return typeof rubric === 'string' ? rubric : undefined;
}

export const frozenAdapter = {
  protocol: 'frozen',
  invoke: async () => ({
    ok: false as const,
    error: { kind: 'cancelled' as const, message: '--frozen: response not cached' },
  }),
  close: async () => {},
};
