/**
 * Resolve: from a validated Plan to everything the compiler needs — datasets read and hashed,
 * the agent × task × dataset groups with their compiled templates and JMESPath extractions,
 * metrics with their config digests — plus every semantic diagnostic (unknown references,
 * templates and expressions that do not compile, secrets in the wrong place).
 */

import type { CompiledExtraction } from '../binding/extract.js';
import type { TemplateNode } from '../binding/template.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { MetricConfig, Plan } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';
import { checkAgentResponses } from './agent-response-check.js';
import { compileBindings } from './compile-bindings.js';
import { digestOf } from './content-key.js';
import { type DatasetContext, loadDataset, type ResolvedDataset } from './datasets.js';
import { dimensionRangeRule } from './dimension-range.js';
import { checkEmptyParts } from './empty-parts.js';
import {
  agentIdentity,
  defaultExpectedRule,
  judgeIdentity,
  metricRubricDefinition,
  planForDigest,
  scoringConfig,
} from './identities.js';
import { expectedReferenceRubric } from './judge-reference.js';
import { checkMetric, type MetricInfo } from './metric-check.js';
import { checkMetricReferences } from './metric-refs.js';
import { checkOnly } from './only-check.js';
import { checkOutputFields } from './output-fields.js';
import { checkGates, checkJudges } from './plan-checks.js';
import { PlanWideAgentWarnings } from './plan-wide-agent-warnings.js';
import { checkRubrics } from './rubric-checks.js';
import { checkUntemplatedText } from './untemplated-check.js';
import { UnusedExampleKeys } from './unused-example-keys.js';
import { checkHttpUrls } from './url-check.js';

export interface ResolvedMetric {
  /** Unique within a task: `id:` or the metric type. */
  id: string;
  type: string;
  config: MetricConfig;
  /** Digest of the metric's configuration and version: changes re-score only. */
  digest: string;
  version: string;
  info: MetricInfo | undefined;
  path: PlanPath;
  /** Judge referenced by the metric, if any. */
  judgeId?: string;
  /** Compiled `content:` template of judge-like metrics. */
  content?: TemplateNode;
  /** A judge metric on a built-in rubric without `reference:`: sent the example's expected value (QA159). */
  sendsExpected?: true;
  /** A judge metric with `dimension:`: its digest before QA217's range rule (dimension-range.ts). */
  formerDigest?: string;
}

export interface ResolvedGroup {
  /** `agent/task/dataset`. */
  id: string;
  agentId: string;
  taskId: string;
  datasetId: string;
  bindingName: string;
  template: TemplateNode;
  templateDigest: string;
  extraction: CompiledExtraction;
  outputDigest: string;
  metrics: ResolvedMetric[];
  dataset: ResolvedDataset;
  /** A `chat` agent: an example's `turns` replace the user messages of its input (example-input.ts). */
  turnsAreTheUser?: boolean;
  /** An `openai` agent: extraction reads its reply with `json`, the content parsed (protocols/openai/json-content.ts). */
  contentJson?: boolean;
  /** An `mae` agent: extraction reads its reply with `output: { answer }` (protocols/mae/output-answer.ts). */
  maeOutput?: boolean;
  /** A `raip` agent without run.trace: its replies' `raw` is dropped (R12), which a missing `raw…` path says. */
  rawHidden?: boolean;
}

export interface ResolvedPlan {
  loaded: LoadedPlan;
  plan: Plan;
  planDigest: string;
  datasets: ResolvedDataset[];
  groups: ResolvedGroup[];
  /**
   * The groups `--only` leaves out: not run, only read by validate's hash-field check, so a field
   * another task reads is not offered for a rename (QA288).
   */
  unselected?: ResolvedGroup[];
  /** Digest of each agent's result-relevant configuration (no runtime settings). */
  agentConfigDigests: Record<string, string>;
  judgeDigests: Record<string, string>;
  diagnostics: Diagnostic[];
  /**
   * Warnings said of a plan without errors only: parts that would evaluate nothing (empty-parts.ts)
   * and example keys no agent reads (unused-example-keys.ts). A plan with errors is fixed first.
   */
  ifValid: Diagnostic[];
  /** The `--only task[/dataset]` selection resolved, if any (plan names gate edits it skips, QA138). */
  only?: string | undefined;
}

export async function resolvePlan(
  loaded: LoadedPlan,
  plan: Plan,
  options: { cacheDir: string; cwd: string; offline?: boolean; only?: string | undefined },
): Promise<ResolvedPlan> {
  const diagnostics: Diagnostic[] = [];
  const locate = loaded.locate;
  const at = (p: PlanPath, key?: string) => locate(p, key);
  const ctx: DatasetContext = {
    planDir: loaded.planDir,
    cacheDir: options.cacheDir,
    cwd: options.cwd,
    locate,
    fileText: (file) => loaded.files.find((f) => f.display === file)?.text,
    offline: options.offline ?? false,
  };

  const agentConfigDigests: Record<string, string> = {};
  for (const [id, agent] of Object.entries(plan.agents))
    agentConfigDigests[id] = digestOf(agentIdentity(agent, loaded.commandDirs.agents[id]));
  const judgeDigests: Record<string, string> = {};
  for (const [id, judge] of Object.entries(plan.judges))
    judgeDigests[id] = digestOf(judgeIdentity(judge, plan, loaded.commandDirs.judges[id]));

  checkJudges(plan, diagnostics, at, loaded.raw);
  checkHttpUrls(plan, diagnostics, at);
  checkAgentResponses(plan, diagnostics, at, loaded.locateInValue);
  checkUntemplatedText(plan, diagnostics, at);
  const datasets: ResolvedDataset[] = [];
  const groups: ResolvedGroup[] = [];
  const unselected: ResolvedGroup[] = [];
  const agentIds = Object.keys(plan.agents);
  const [onlyTask, onlyDataset] = options.only?.split('/') ?? [];
  if (options.only !== undefined) checkOnly(plan, options.only, diagnostics);

  // Plan-wide metrics are checked with every task: one of them is reported (once) only when its
  // reference fails in every task (a plan-wide judge_agreement may rely on the tasks with a judge).
  const globalReferenceIssues = new Map<string, { diagnostic: Diagnostic; tasks: number }>();
  const agentsOfTasks = new Map<string, string[]>();
  const unusedKeys = new UnusedExampleKeys();
  // A duplicate within the plan-wide metrics is said once, not once per task (QA315).
  const saidPlanWide = new Set<string>();
  // A plan-wide metric's warning naming the agents it measures nothing on is said once (QA351).
  const planWideAgents = new PlanWideAgentWarnings();
  for (const [taskId, task] of Object.entries(plan.tasks)) {
    const taskPath: PlanPath = ['tasks', taskId];
    for (const name of Object.keys(task.bindings)) {
      if (name !== 'default' && !plan.agents[name]) {
        diagnostics.push(
          diagnostic(
            'EVALC_REF_AGENT',
            `binding for unknown agent \`${name}\``,
            [...taskPath, 'bindings', name],
            {
              source: at([...taskPath, 'bindings'], name),
              // `defualt:` was told nothing (QA166): `default` is a name a binding may take too.
              hint:
                didYouMean(name, task.bindings.default ? agentIds : [...agentIds, 'default']) ??
                `a binding is named \`default\` or by an agent of the plan${agentIds.length > 0 ? ` (${agentIds.join(', ')})` : ''}`,
            },
          ),
        );
      }
    }
    const taskAgents =
      task.agents ??
      (task.bindings.default ? agentIds : Object.keys(task.bindings).filter((n) => plan.agents[n]));
    agentsOfTasks.set(
      taskId,
      taskAgents.filter((a) => plan.agents[a]),
    );
    (task.agents ?? []).forEach((agentId, i) => {
      if (!plan.agents[agentId]) {
        diagnostics.push(
          diagnostic('EVALC_REF_AGENT', `unknown agent \`${agentId}\``, [...taskPath, 'agents', i], {
            source: at([...taskPath, 'agents', i]),
            hint: didYouMean(agentId, agentIds),
          }),
        );
      } else if (!task.bindings[agentId] && !task.bindings.default) {
        diagnostics.push(
          diagnostic(
            'EVALC_BIND_MISSING',
            `agent \`${agentId}\` has no binding in task ${taskId}`,
            [...taskPath, 'bindings'],
            {
              source: at([...taskPath, 'bindings']),
              hint: 'add a `default` binding or one named after the agent',
            },
          ),
        );
      }
    });

    // Compile each binding once.
    const compiledBindings = compileBindings(task.bindings, taskPath, loaded, at, diagnostics);

    // Metrics of this task: its own, then the plan-wide ones.
    const metrics: ResolvedMetric[] = [];
    const metricEntries: [MetricConfig, PlanPath][] = [
      ...task.metrics.map((m, i): [MetricConfig, PlanPath] => [m, [...taskPath, 'metrics', i]]),
      ...plan.metrics.map((m, i): [MetricConfig, PlanPath] => [m, ['metrics', i]]),
    ];
    const candidateNames = new Set<string>();
    const agentCandidates = new Map<string, Set<string>>();
    for (const agentId of taskAgents) {
      const binding = task.bindings[agentId] ?? task.bindings.default;
      const names = new Set(Object.keys(binding?.output ?? {}));
      agentCandidates.set(agentId, names);
      for (const name of names) candidateNames.add(name);
    }
    const seenIds = new Map<string, PlanPath>();
    for (const [config, metricPath] of metricEntries) {
      const metricId = config.id ?? config.type;
      if (seenIds.has(metricId)) {
        if (metricPath[0] === 'metrics' && saidPlanWide.has(String(metricPath[1]))) continue;
        const planWide = metricPath[0] === 'metrics' && seenIds.get(metricId)?.[0] === 'metrics';
        if (planWide) saidPlanWide.add(String(metricPath[1]));
        diagnostics.push(
          diagnostic(
            'EVALC_METRIC_DUPLICATE',
            `metric \`${metricId}\` appears twice in ${planWide ? "the plan's metrics (every task's)" : `task ${taskId}`}`,
            metricPath,
            {
              source: at(metricPath),
              hint: 'give one of them an `id:`',
            },
          ),
        );
        continue;
      }
      seenIds.set(metricId, metricPath);
      const checked = checkMetric(config, metricPath, {
        plan,
        candidateNames,
        agentCandidates,
        locate: at,
        locateInValue: loaded.locateInValue,
      });
      diagnostics.push(...planWideAgents.take(checked.diagnostics, config, metricPath, taskAgents));
      const sendsExpected =
        expectedReferenceRubric(config as unknown as Record<string, unknown>, plan) !== undefined;
      // The metric's key as an evalc before QA217's dimension rule gave it (plan says why it re-scores).
      const metricKey = {
        config: scoringConfig(config),
        version: checked.info?.version ?? '0',
        judge: checked.judgeId ? judgeDigests[checked.judgeId] : null,
        // A plan rubric the metric names itself: editing it re-scores (the judge's own rubric is
        // in the judge's digest). Absent otherwise, so other metrics' keys are unchanged.
        ...metricRubricDefinition(config, plan),
        // `cost` prices tokens with the plan's `prices:`: a new price re-scores it.
        ...(config.type === 'cost' ? { prices: plan.prices ?? {} } : {}),
        ...defaultExpectedRule(config as unknown as Record<string, unknown>),
        ...(sendsExpected ? { referenceDefault: 'expected' } : {}),
      };
      const rangeRule = dimensionRangeRule(config, plan, checked.judgeId);
      metrics.push({
        id: metricId,
        type: config.type,
        config,
        version: checked.info?.version ?? '0',
        info: checked.info,
        digest: digestOf({ ...metricKey, ...rangeRule }),
        ...(rangeRule.dimensionRange ? { formerDigest: digestOf(metricKey) } : {}),
        path: metricPath,
        ...(checked.judgeId ? { judgeId: checked.judgeId } : {}),
        ...(checked.content ? { content: checked.content } : {}),
        ...(sendsExpected ? { sendsExpected: true as const } : {}),
      });
    }

    diagnostics.push(...checkOutputFields(plan, taskId, taskAgents, at));
    for (const d of checkMetricReferences(metricEntries, taskId, taskAgents, at)) {
      if (d.path[0] !== 'metrics') {
        diagnostics.push(d);
        continue;
      }
      const id = `${d.path.join('.')}\u0000${d.code}`;
      const seen = globalReferenceIssues.get(id);
      globalReferenceIssues.set(id, { diagnostic: seen?.diagnostic ?? d, tasks: (seen?.tasks ?? 0) + 1 });
    }

    for (const [datasetId, datasetConfig] of Object.entries(task.datasets)) {
      const loadedDataset = await loadDataset(taskId, datasetId, datasetConfig, ctx);
      diagnostics.push(...loadedDataset.diagnostics);
      const dataset = loadedDataset.dataset;
      if (!dataset) continue;
      unusedKeys.add(plan, dataset, agentsOfTasks.get(taskId) ?? []);
      const selected =
        onlyTask === undefined ||
        (onlyTask === taskId && (onlyDataset === undefined || onlyDataset === datasetId));
      if (selected) datasets.push(dataset);
      for (const agentId of taskAgents) {
        const protocol = plan.agents[agentId]?.protocol;
        if (protocol === undefined) continue;
        const bindingName = task.bindings[agentId] ? agentId : 'default';
        const compiled = compiledBindings.get(bindingName);
        if (!compiled?.extraction) continue;
        (selected ? groups : unselected).push({
          id: `${agentId}/${taskId}/${datasetId}`,
          agentId,
          taskId,
          datasetId,
          bindingName,
          template: compiled.template,
          templateDigest: compiled.templateDigest,
          extraction: compiled.extraction,
          // An extraction an earlier evalc cached read no `json`: such outputs are keyed apart.
          outputDigest:
            protocol === 'openai'
              ? compiled.contentJsonDigest
              : protocol === 'mae'
                ? compiled.maeOutputDigest
                : compiled.outputDigest,
          metrics,
          dataset,
          ...(protocol === 'chat' ? { turnsAreTheUser: true } : {}),
          ...(protocol === 'openai' ? { contentJson: true } : {}),
          ...(protocol === 'mae' ? { maeOutput: true } : {}),
          ...(protocol === 'raip' && !plan.run.trace ? { rawHidden: true } : {}),
        });
      }
    }
  }
  const taskCount = Object.keys(plan.tasks).length;
  for (const { diagnostic: d, tasks } of globalReferenceIssues.values())
    if (tasks === taskCount) diagnostics.push(d);
  diagnostics.push(...planWideAgents.warnings(plan, at));
  checkGates(plan, diagnostics, at);
  checkRubrics(plan, diagnostics, at);
  return {
    loaded,
    plan,
    planDigest: digestOf(planForDigest(plan, loaded.commandDirs)),
    datasets,
    groups,
    ...(unselected.length > 0 ? { unselected } : {}),
    agentConfigDigests,
    judgeDigests,
    diagnostics,
    ifValid: [...checkEmptyParts(plan, loaded.raw, agentsOfTasks, locate), ...unusedKeys.warnings()],
    ...(options.only !== undefined ? { only: options.only } : {}),
  };
}
