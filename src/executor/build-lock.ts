/** Assembles the lockfile from a finished run: pins, groups, results, aggregates, gates. */
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { recordedUrl, runsInItsFolder } from '../compiler/identities.js';
import type {
  LockAgent,
  LockAggregate,
  Lockfile,
  LockGate,
  LockGroup,
  LockJudge,
  LockResult,
} from '../lockfile/types.js';
import { LOCK_VERSION } from '../lockfile/types.js';
import type { AggregateNode, AggregateReport } from '../metrics/aggregate.js';
import type { GateResult } from '../metrics/index.js';
import { maskCommandCredentials } from '../plan/command-secrets.js';
import { agentSettings } from '../protocols/agent-settings.js';
import { EVALC_VERSION } from '../version.js';
import { isVolatileMeasure, roundScore } from './example-lock-row.js';

export interface LockInputs {
  compiled: CompiledPlan;
  pins: Record<string, AgentPin>;
  judgeInfo: Record<
    string,
    {
      model?: string;
      rubric?: string;
      version?: string;
      wireVersion?: string;
      rubricVersion?: string;
      registeredRubrics?: Record<string, string>;
    }
  >;
  results: LockResult[];
  aggregate: AggregateReport;
  gates: GateResult[];
  volatile: Lockfile['volatile'];
  steps: NonNullable<Lockfile['steps']>;
}

export function buildLock(inputs: LockInputs): Lockfile {
  const { compiled } = inputs;
  const { resolved } = compiled;
  const plan = resolved.plan;
  const datasets: Lockfile['datasets'] = {};
  for (const d of resolved.datasets) {
    datasets[`${d.taskId}/${d.datasetId}`] = {
      source: d.source.startsWith('http') ? recordedUrl(d.source) : d.source,
      format: d.format,
      sha256: d.sha256,
      examples: d.examples.length,
    };
  }
  const usedAgents = new Set(compiled.groups.map((g) => g.group.agentId));
  const agents: Record<string, LockAgent> = {};
  for (const id of [...usedAgents].sort()) {
    const config = plan.agents[id]!;
    const pin = inputs.pins[id] ?? {};
    const endpoint =
      'url' in config && config.url
        ? recordedUrl(config.url)
        : config.protocol === 'mae'
          ? config.command !== undefined
            ? maskCommandCredentials(config.command)
            : (config.address ?? '')
          : '';
    agents[id] = {
      protocol: config.protocol,
      endpoint,
      ...commandDirOf(config, resolved.loaded.commandDirs.agents[id]),
      digest: compiled.agentDigests[id]!,
      ...(pin.name ? { name: pin.name } : {}),
      ...((pin.version ?? config.version) ? { version: (pin.version ?? config.version)! } : {}),
      // A `version:` bumped beside an /info version that stayed (QA256: plan and diff could not name it).
      ...(pin.version !== undefined && config.version !== undefined && config.version !== pin.version
        ? { declaredVersion: config.version }
        : {}),
      ...(pin.schemaDigest ? { schemaDigest: pin.schemaDigest } : {}),
      ...(pin.etag ? { etag: pin.etag } : {}),
      ...agentSettings(config),
    };
  }
  const judges: Record<string, LockJudge> = {};
  const usedJudges = new Set(
    compiled.groups.flatMap((g) =>
      g.group.metrics.map((m) => m.judgeId).filter((j): j is string => j !== undefined),
    ),
  );
  for (const id of [...usedJudges].sort()) {
    const config = plan.judges[id]!;
    const info = inputs.judgeInfo[id] ?? {};
    judges[id] = {
      protocol: config.protocol,
      endpoint: config.url ? recordedUrl(config.url) : maskCommandCredentials(config.command ?? ''),
      ...commandDirOf(config, resolved.loaded.commandDirs.judges[id]),
      digest: resolved.judgeDigests[id]!,
      ...(config.model ? { model: config.model } : info.model ? { model: info.model } : {}),
      ...(info.rubric ? { rubric: info.rubric } : config.rubric ? { rubric: config.rubric } : {}),
      ...(info.rubricVersion ? { rubricVersion: info.rubricVersion } : {}),
      ...(info.registeredRubrics && Object.keys(info.registeredRubrics).length > 0
        ? { registeredRubrics: info.registeredRubrics }
        : {}),
      ...(info.version ? { version: info.version } : {}),
      ...(info.wireVersion ? { wireVersion: info.wireVersion } : {}),
    };
  }
  const groups: Record<string, LockGroup> = {};
  for (const { group, agentDigest } of compiled.groups) {
    const metrics: LockGroup['metrics'] = {};
    for (const m of group.metrics)
      metrics[m.id] = {
        type: m.type,
        version: m.version,
        digest: m.digest,
        config: m.config as Record<string, unknown>,
      };
    groups[group.id] = {
      agent: group.agentId,
      task: group.taskId,
      dataset: group.datasetId,
      binding: group.bindingName,
      agentDigest,
      inputDigest: group.templateDigest,
      outputDigest: group.outputDigest,
      datasetSha256: group.dataset.sha256,
      taskWeight: plan.tasks[group.taskId]!.weight,
      datasetWeight: group.dataset.weight,
      metrics,
    };
  }
  return {
    evalc: EVALC_VERSION,
    language: plan.evalc,
    lockVersion: LOCK_VERSION,
    plan: {
      digest: resolved.planDigest,
      benchmark: { id: plan.benchmark.id, version: plan.benchmark.version },
    },
    run: {
      repeats: plan.run.repeats,
      seed: plan.run.seed,
      bootstrap: plan.run.bootstrap,
      significance: plan.run.significance,
      trace: plan.run.trace,
    },
    datasets,
    agents,
    judges,
    groups,
    results: inputs.results,
    aggregates: lockAggregates(inputs.aggregate, metricTypesOf(compiled)),
    gates: inputs.gates.map(lockGateOf),
    volatile: withVolatileMeasures(inputs.volatile, inputs.aggregate, metricTypesOf(compiled)),
    steps: inputs.steps,
  };
}

/** A gate's result as the lockfile records it (keys in sorted order, as the file writes them). */
export function lockGateOf(g: GateResult): LockGate {
  return {
    actual: roundScore(g.actual),
    agent: g.agent,
    kind: g.kind,
    message: g.message,
    metric: g.gate.metric,
    passed: g.passed,
    scope: g.target,
    ...(g.skipped ? { skipped: true } : {}),
  };
}

function metricTypesOf(compiled: CompiledPlan): Map<string, string> {
  const types = new Map<string, string>();
  for (const { group } of compiled.groups) for (const m of group.metrics) types.set(m.id, m.type);
  return types;
}

/**
 * Each group's volatile measures (metrics in ms, tokens or USD: `tokens`, `cost`,
 * `time_to_success`…, with or without a budget): the mean per example of the measurement, by
 * metric id, beside the group's durations and tokens — for `time_to_success`, the mean time of
 * the examples that passed (the paper's "average time to success"). They stay out of the
 * aggregates (a re-run changes them) but not out of the lock: `evalc diff` compares them with its
 * tolerance and the reports show them. (Only metrics without a score were kept: the time to
 * success, whose score is pass-based, and a budgeted metric's tokens or USD were in no output; QA37.)
 */
function withVolatileMeasures(
  volatile: Lockfile['volatile'],
  report: AggregateReport,
  types: Map<string, string>,
): Lockfile['volatile'] {
  const out: Lockfile['volatile'] = { ...volatile };
  for (const [agent, a] of Object.entries(report.agents))
    for (const [task, t] of Object.entries(a.tasks))
      for (const [dataset, d] of Object.entries(t.datasets)) {
        const measures: Record<string, number> = {};
        for (const metric of Object.keys(d.metrics).sort()) {
          const agg = d.metrics[metric]!;
          const mean = agg.value?.mean;
          if (!isVolatileMeasure(types.get(metric) ?? metric)) continue;
          if (mean === undefined || !Number.isFinite(mean)) continue;
          measures[metric] = roundScore(mean)!;
        }
        const group = `${agent}/${task}/${dataset}`;
        if (Object.keys(measures).length > 0) out[group] = { ...out[group], measures };
      }
  return out;
}

function lockAggregates(report: AggregateReport, types: Map<string, string>): Lockfile['aggregates'] {
  const out: Lockfile['aggregates'] = {};
  const put = (scope: string, agent: string, node: AggregateNode) => {
    const byAgent = (out[scope] ??= {});
    const metrics: Record<string, LockAggregate> = {};
    for (const [metric, agg] of Object.entries(node.metrics)) {
      if (agg.score === null && isVolatileMeasure(types.get(metric) ?? metric)) continue;
      const estimate = agg.score ?? agg.value;
      metrics[metric] = {
        mean: estimate ? roundScore(estimate.mean) : null,
        ci: estimate?.ci ? [roundScore(estimate.ci[0])!, roundScore(estimate.ci[1])!] : null,
        n: estimate?.n ?? agg.nWithoutMean?.score ?? agg.nWithoutMean?.value ?? 0,
        ...(agg.errors > 0 ? { errors: agg.errors } : {}),
        ...(agg.score === null && agg.value ? { measure: 'value' } : {}),
        // A score with a measurement of its own beside it (judge_agreement's signed correlation,
        // position_bias's bias, numeric's distance): both are kept, unless the measurement is volatile.
        ...(agg.score && agg.value && !isVolatileMeasure(types.get(metric) ?? metric)
          ? {
              value: {
                mean: roundScore(agg.value.mean),
                ci: agg.value.ci ? [roundScore(agg.value.ci[0])!, roundScore(agg.value.ci[1])!] : null,
                n: agg.value.n,
              },
            }
          : {}),
      };
    }
    byAgent[agent] = metrics;
  };
  for (const [agent, a] of Object.entries(report.agents)) {
    put('benchmark', agent, a);
    for (const [task, t] of Object.entries(a.tasks)) {
      // An agent that runs no dataset of the task (`agents:` leaves it out) has no entry there, as
      // at dataset scope: it was an empty `"task/ops": {"c": {}}` (QA150).
      if (Object.keys(t.datasets).length === 0) continue;
      put(`task/${task}`, agent, t);
      for (const [dataset, d] of Object.entries(t.datasets)) put(`dataset/${task}/${dataset}`, agent, d);
    }
  }
  return out;
}

/** `commandDir`: the folder (relative to the plan's) a `command:` (or relative unix socket) declared in an included file runs in (QA72). */
function commandDirOf(config: object, dir: string | undefined): { commandDir?: string } {
  return runsInItsFolder(config) && dir ? { commandDir: dir } : {};
}
