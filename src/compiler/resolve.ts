/**
 * Resolve: from a validated Plan to everything the compiler needs — datasets read and hashed,
 * the agent × task × dataset groups with their compiled templates and JMESPath extractions,
 * metrics with their config digests — plus every semantic diagnostic (unknown references,
 * templates and expressions that do not compile, secrets in the wrong place).
 */

import { type CompiledExtraction, compileExtraction, JMESPATH_LIBRARY } from '../binding/extract.js';
import { compileTemplate, type TemplateError, type TemplateNode } from '../binding/template.js';
import { getMetricDefinition } from '../metrics/registry.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { AgentConfig, JudgeConfig, MetricConfig, Plan } from '../plan/schema.js';
import { splitRuntime } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';
import { parseSocketAddress } from '../protocols/mae/address.js';
import { BUILTIN_RUBRICS, resolveRubric } from '../protocols/rubrics/index.js';
import { checkAgentResponses } from './agent-response-check.js';
import { digestOf } from './content-key.js';
import { type DatasetContext, loadDataset, type ResolvedDataset } from './datasets.js';
import { checkMetric, type MetricInfo } from './metric-check.js';
import { checkMetricReferences } from './metric-refs.js';
import { checkOutputFields } from './output-fields.js';
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
}

export interface ResolvedPlan {
  loaded: LoadedPlan;
  plan: Plan;
  planDigest: string;
  datasets: ResolvedDataset[];
  groups: ResolvedGroup[];
  /** Digest of each agent's result-relevant configuration (no runtime settings). */
  agentConfigDigests: Record<string, string>;
  judgeDigests: Record<string, string>;
  diagnostics: Diagnostic[];
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
    offline: options.offline ?? false,
  };

  const agentConfigDigests: Record<string, string> = {};
  for (const [id, agent] of Object.entries(plan.agents))
    agentConfigDigests[id] = digestOf(agentIdentity(agent));
  const judgeDigests: Record<string, string> = {};
  for (const [id, judge] of Object.entries(plan.judges))
    judgeDigests[id] = digestOf(judgeIdentity(judge, plan));

  checkJudges(plan, diagnostics, at);
  checkHttpUrls(plan, diagnostics, at);
  checkAgentResponses(plan, diagnostics, at);
  const datasets: ResolvedDataset[] = [];
  const groups: ResolvedGroup[] = [];
  const agentIds = Object.keys(plan.agents);
  const onlyParts = options.only?.split('/') ?? [];
  const [onlyTask, onlyDataset] = onlyParts;
  if (onlyParts.length > 2)
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only takes task or task/dataset, not \`${options.only}\` (${onlyParts.length} parts)`,
        [],
        { hint: 'ids hold no `/`: --only search or --only search/course-search' },
      ),
    );
  else if (onlyTask !== undefined) checkOnly(plan, onlyTask, onlyDataset, diagnostics);

  // Plan-wide metrics are checked with every task: one of them is reported (once) only when its
  // reference fails in every task (a plan-wide judge_agreement may rely on the tasks with a judge).
  const globalReferenceIssues = new Map<string, { diagnostic: Diagnostic; tasks: number }>();
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
              hint: didYouMean(name, agentIds),
            },
          ),
        );
      }
    }
    const taskAgents =
      task.agents ??
      (task.bindings.default ? agentIds : Object.keys(task.bindings).filter((n) => plan.agents[n]));
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
    const compiledBindings = new Map<
      string,
      {
        template: TemplateNode;
        templateDigest: string;
        extraction?: CompiledExtraction;
        outputDigest: string;
      }
    >();
    for (const [name, binding] of Object.entries(task.bindings)) {
      const bindingPath: PlanPath = [...taskPath, 'bindings', name];
      const templateErrors: TemplateError[] = [];
      const template = compileTemplate(binding.input, templateErrors);
      for (const err of templateErrors) {
        diagnostics.push(
          diagnostic(
            'EVALC_BIND_TEMPLATE_SYNTAX',
            `template does not compile: ${err.message}`,
            [...bindingPath, 'input', ...err.path],
            {
              source: at([...bindingPath, 'input', ...err.path]),
            },
          ),
        );
      }
      const extraction = compileExtraction(binding.output);
      if (!extraction.ok) {
        for (const err of extraction.errors) {
          diagnostics.push(
            diagnostic(
              'EVALC_BIND_JMESPATH',
              `JMESPath expression does not compile: ${err.message}`,
              [...bindingPath, 'output', err.name],
              {
                source: at([...bindingPath, 'output', err.name]),
              },
            ),
          );
        }
      }
      compiledBindings.set(name, {
        template,
        templateDigest: digestOf(binding.input ?? null),
        ...(extraction.ok ? { extraction: extraction.extraction } : {}),
        outputDigest: digestOf({ output: binding.output, library: JMESPATH_LIBRARY }),
      });
    }

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
        diagnostics.push(
          diagnostic(
            'EVALC_METRIC_DUPLICATE',
            `metric \`${metricId}\` appears twice in task ${taskId}`,
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
      const checked = checkMetric(config, metricPath, { plan, candidateNames, agentCandidates, locate: at });
      diagnostics.push(...checked.diagnostics);
      metrics.push({
        id: metricId,
        type: config.type,
        config,
        version: checked.info?.version ?? '0',
        info: checked.info,
        digest: digestOf({
          config: scoringConfig(config),
          version: checked.info?.version ?? '0',
          judge: checked.judgeId ? judgeDigests[checked.judgeId] : null,
          // A plan rubric the metric names itself: editing it re-scores (the judge's own rubric is
          // in the judge's digest). Absent otherwise, so other metrics' keys are unchanged.
          ...metricRubricDefinition(config, plan),
          // `cost` prices tokens with the plan's `prices:`: a new price re-scores it.
          ...(config.type === 'cost' ? { prices: plan.prices ?? {} } : {}),
          ...defaultExpectedRule(config as unknown as Record<string, unknown>),
        }),
        path: metricPath,
        ...(checked.judgeId ? { judgeId: checked.judgeId } : {}),
        ...(checked.content ? { content: checked.content } : {}),
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
      if (
        onlyTask !== undefined &&
        (onlyTask !== taskId || (onlyDataset !== undefined && onlyDataset !== datasetId))
      )
        continue;
      datasets.push(dataset);
      for (const agentId of taskAgents) {
        if (!plan.agents[agentId]) continue;
        const bindingName = task.bindings[agentId] ? agentId : 'default';
        const compiled = compiledBindings.get(bindingName);
        if (!compiled?.extraction) continue;
        groups.push({
          id: `${agentId}/${taskId}/${datasetId}`,
          agentId,
          taskId,
          datasetId,
          bindingName,
          template: compiled.template,
          templateDigest: compiled.templateDigest,
          extraction: compiled.extraction,
          outputDigest: compiled.outputDigest,
          metrics,
          dataset,
          ...(plan.agents[agentId]?.protocol === 'chat' ? { turnsAreTheUser: true } : {}),
        });
      }
    }
  }
  const taskCount = Object.keys(plan.tasks).length;
  for (const { diagnostic: d, tasks } of globalReferenceIssues.values())
    if (tasks === taskCount) diagnostics.push(d);
  checkGates(plan, diagnostics, at);
  return {
    loaded,
    plan,
    planDigest: digestOf(planForDigest(plan)),
    datasets,
    groups,
    agentConfigDigests,
    judgeDigests,
    diagnostics,
  };
}

/** The agent settings that can change a result (never headers, serve, limits). */
export function agentIdentity(agent: AgentConfig): Record<string, unknown> {
  const { identity } = splitRuntime(agent as unknown as Record<string, unknown>);
  if (typeof identity.url === 'string') identity.url = stripUserInfo(identity.url);
  return identity;
}

/** Metrics whose omitted `expected:` reads the candidate's own field of a mapping (src/metrics/resolve-fields.ts). */
const CANDIDATE_FIELD_DEFAULT = new Set([
  'exact_match',
  'contains',
  'numeric',
  'f1',
  'bleu',
  'rouge_l',
  'ground_truth_protection',
]);

/**
 * Score keys of a metric that omits `expected:` carry the rule that resolves it (the field named
 * like the candidate; it used to be the whole mapping), so scores cached under the old rule are
 * not reused. Metrics naming `expected:` keep their keys (and the golden lockfiles theirs).
 */
function defaultExpectedRule(config: Record<string, unknown>): { expectedDefault?: string } {
  if (!CANDIDATE_FIELD_DEFAULT.has(String(config.type)) || config.expected !== undefined) return {};
  if (config.type === 'contains' && config.value !== undefined) return {};
  return { expectedDefault: 'candidate-field' };
}

/**
 * A metric's config as its score depends on it: without `threshold`, `gate` and `weight`, which
 * decide passing and weighting from the score (rollup, pass rule, gates), never the score itself.
 * Changing them re-aggregates and re-derives (pass_rate's key covers them) but calls no judge.
 */
function scoringConfig(config: MetricConfig): Record<string, unknown> {
  const { threshold: _threshold, gate: _gate, weight: _weight, ...rest } = config as Record<string, unknown>;
  return rest;
}

/** `{rubricDefinition}` of the plan rubric a metric names (`rubric:` or `judge_config.judge_rubric`). */
function metricRubricDefinition(config: Record<string, unknown>, plan: Plan): { rubricDefinition?: unknown } {
  const judgeConfig = config.judge_config;
  const name =
    typeof config.rubric === 'string'
      ? config.rubric
      : judgeConfig !== null && typeof judgeConfig === 'object'
        ? (judgeConfig as Record<string, unknown>).judge_rubric
        : undefined;
  const definition = typeof name === 'string' ? plan.rubrics[name] : undefined;
  return definition ? { rubricDefinition: definition } : {};
}

function judgeIdentity(judge: JudgeConfig, plan: Plan): Record<string, unknown> {
  const { identity } = splitRuntime(judge as unknown as Record<string, unknown>);
  if (typeof identity.url === 'string') identity.url = stripUserInfo(identity.url);
  const rubric = judge.rubric ? plan.rubrics[judge.rubric] : undefined;
  return { ...identity, rubricDefinition: rubric ?? null };
}

/** A URL without `user:password@`; any other URL is returned exactly as written. */
export function stripUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === '' && u.password === '') return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

function planForDigest(plan: Plan): unknown {
  const agents: Record<string, unknown> = {};
  for (const [id, a] of Object.entries(plan.agents)) agents[id] = agentIdentity(a);
  const judges: Record<string, unknown> = {};
  for (const [id, j] of Object.entries(plan.judges))
    judges[id] = splitRuntime(j as unknown as Record<string, unknown>).identity;
  const { concurrency: _c, ...run } = plan.run;
  return { ...plan, agents, judges, run, include: null };
}

/** `--only task[/dataset]` must name something, else the run would silently do nothing. */
function checkOnly(
  plan: Plan,
  taskId: string,
  datasetId: string | undefined,
  diagnostics: Diagnostic[],
): void {
  const task = plan.tasks[taskId];
  if (!task) {
    diagnostics.push(
      diagnostic('EVALC_ONLY_UNKNOWN', `--only names unknown task \`${taskId}\``, ['tasks', taskId], {
        hint: didYouMean(taskId, Object.keys(plan.tasks)) ?? `tasks: ${Object.keys(plan.tasks).join(', ')}`,
      }),
    );
  } else if (datasetId !== undefined && !task.datasets[datasetId]) {
    diagnostics.push(
      diagnostic(
        'EVALC_ONLY_UNKNOWN',
        `--only names unknown dataset \`${datasetId}\` of task ${taskId}`,
        ['tasks', taskId, 'datasets', datasetId],
        {
          hint:
            didYouMean(datasetId, Object.keys(task.datasets)) ??
            `datasets: ${Object.keys(task.datasets).join(', ')}`,
        },
      ),
    );
  }
}

function checkJudges(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): void {
  for (const [id, judge] of Object.entries(plan.judges)) {
    const p: PlanPath = ['judges', id];
    if (judge.protocol === 'openai' && !judge.model) {
      diagnostics.push(
        diagnostic('EVALC_JUDGE_CONFIG', `judge ${id}: an openai judge needs model:`, p, { source: at(p) }),
      );
    }
    if (!judge.url && !judge.command) {
      diagnostics.push(
        diagnostic('EVALC_JUDGE_CONFIG', `judge ${id} needs url: (or command: for agent-eval rpc)`, p, {
          source: at(p),
        }),
      );
    }
    // An openai judge scores against a rubric evalc holds: the plan's or a built-in one
    // (`generic`, `clinical_safety`, …); an agent-eval judge may name one its server registers.
    if (judge.protocol === 'openai' && judge.rubric && !resolveRubric(judge.rubric, plan.rubrics)) {
      diagnostics.push(
        diagnostic('EVALC_REF_RUBRIC', `unknown rubric \`${judge.rubric}\``, [...p, 'rubric'], {
          source: at([...p, 'rubric']),
          hint:
            didYouMean(judge.rubric, [...Object.keys(plan.rubrics), ...Object.keys(BUILTIN_RUBRICS)]) ??
            'define it under rubrics:',
        }),
      );
    }
  }
  // Credentials in a URL (http://user:pass@host) are never sent (nor written to the lock), and a
  // plan is committed to git: say so, and point at a header with a secret from the environment.
  const withCredentials = [
    ...Object.entries(plan.agents).map(([id, c]) => [['agents', id, 'url'], c.url] as const),
    ...Object.entries(plan.judges).map(([id, c]) => [['judges', id, 'url'], c.url] as const),
    // A served process's readiness URL: it is polled without them too (they cannot be fetched).
    ...Object.entries(plan.agents).map(
      ([id, c]) => [['agents', id, 'serve', 'ready', 'url'], c.serve?.ready?.url] as const,
    ),
    ...Object.entries(plan.judges).map(
      ([id, c]) => [['judges', id, 'serve', 'ready', 'url'], c.serve?.ready?.url] as const,
    ),
  ].filter(([, url]) => typeof url === 'string' && stripUserInfo(url) !== url);
  for (const [path] of withCredentials) {
    diagnostics.push(
      diagnostic(
        'EVALC_URL_CREDENTIALS',
        'the url carries credentials (user:password@): evalc never sends them and they do not belong in a committed plan',
        [...path],
        {
          severity: 'warning',
          source: at([...path]),
          hint: 'remove them and send a header instead: headers: { authorization: "Basic ${env.AGENT_BASIC_AUTH}" }',
        },
      ),
    );
  }
  for (const [id, agent] of Object.entries(plan.agents)) {
    const p: PlanPath = ['agents', id];
    if (agent.protocol === 'mae') {
      const need =
        agent.transport === 'http' || agent.transport === 'sse'
          ? 'url'
          : agent.transport === 'local'
            ? 'command'
            : 'address';
      // A socket agent may be named by `address:` or by `url:` (tcp://h:p, unix:/path), as the adapter
      // reads it; a text that is no socket address is an error here rather than at apply.
      const socketText = need === 'address' ? (agent.address ?? agent.url) : undefined;
      const parsed = socketText === undefined ? undefined : parseSocketAddress(socketText, '.');
      if (parsed && !parsed.ok) {
        const field = agent.address !== undefined ? 'address' : 'url';
        diagnostics.push(
          diagnostic('EVALC_AGENT_CONFIG', `agent ${id}: ${parsed.message}`, [...p, field], {
            source: at([...p, field]),
          }),
        );
        continue;
      }
      if (!agent[need] && socketText === undefined) {
        diagnostics.push(
          diagnostic(
            'EVALC_AGENT_CONFIG',
            `agent ${id}: mae transport ${agent.transport} needs ${need}:`,
            p,
            { source: at(p) },
          ),
        );
      }
    }
  }
}

function checkGates(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): void {
  const metricIds = new Set<string>();
  for (const task of Object.values(plan.tasks)) for (const m of task.metrics) metricIds.add(m.id ?? m.type);
  for (const m of plan.metrics) metricIds.add(m.id ?? m.type);
  plan.gates.forEach((gate, i) => {
    const p: PlanPath = ['gates', i];
    if (!metricIds.has(gate.metric)) {
      diagnostics.push(
        diagnostic('EVALC_REF_METRIC', `gate names unknown metric \`${gate.metric}\``, [...p, 'metric'], {
          source: at([...p, 'metric']),
          hint: didYouMean(gate.metric, metricIds),
        }),
      );
    }
    if (gate.task !== undefined && !plan.tasks[gate.task]) {
      diagnostics.push(
        diagnostic('EVALC_REF_TASK', `gate names unknown task \`${gate.task}\``, [...p, 'task'], {
          source: at([...p, 'task']),
          hint: didYouMean(gate.task, Object.keys(plan.tasks)),
        }),
      );
    }
    if (gate.dataset !== undefined) {
      const tasks = gate.task !== undefined ? [plan.tasks[gate.task]] : Object.values(plan.tasks);
      const datasetIds = new Set(tasks.flatMap((t) => (t ? Object.keys(t.datasets) : [])));
      if (!datasetIds.has(gate.dataset) && (gate.task === undefined || plan.tasks[gate.task])) {
        diagnostics.push(
          diagnostic(
            'EVALC_REF_DATASET',
            `gate names unknown dataset \`${gate.dataset}\`${gate.task !== undefined ? ` of task ${gate.task}` : ''}`,
            [...p, 'dataset'],
            {
              source: at([...p, 'dataset']),
              hint:
                didYouMean(gate.dataset, datasetIds) ?? `datasets: ${[...datasetIds].join(', ') || 'none'}`,
            },
          ),
        );
      }
    }
    if (gate.agent !== undefined && !plan.agents[gate.agent]) {
      diagnostics.push(
        diagnostic('EVALC_REF_AGENT', `gate names unknown agent \`${gate.agent}\``, [...p, 'agent'], {
          source: at([...p, 'agent']),
          hint: didYouMean(gate.agent, Object.keys(plan.agents)),
        }),
      );
    }
    // A measurement without a budget (tokens, cost, …) has no per-example score in the lock, so a
    // regression gate has nothing to pair with the baseline: it would be skipped on every run.
    const measured = [...Object.values(plan.tasks).flatMap((t) => t.metrics), ...plan.metrics].find(
      (m) => (m.id ?? m.type) === gate.metric,
    );
    const unit = measured ? getMetricDefinition(measured.type)?.unit : undefined;
    if (
      gate.regression !== undefined &&
      measured &&
      (unit === 'ms' || unit === 'tokens' || unit === 'USD') &&
      (measured as Record<string, unknown>).budget === undefined
    ) {
      diagnostics.push(
        diagnostic(
          'EVALC_GATE_VOLATILE',
          `a regression gate on \`${gate.metric}\` is always skipped: without a budget it is a measurement (${unit}) that evalc.lock keeps only as a volatile mean, with no per-example values to pair with the baseline`,
          [...p, 'regression'],
          {
            severity: 'warning',
            source: at([...p, 'regression']),
            hint: `give it a budget: (a score), or gate it with max:; evalc diff compares its mean with a tolerance`,
          },
        ),
      );
    }
    if (gate.min === undefined && gate.max === undefined && gate.regression === undefined) {
      diagnostics.push(
        diagnostic('EVALC_GATE_EMPTY', 'a gate needs min:, max: or regression:', p, { source: at(p) }),
      );
    }
  });
}
