/**
 * Checks of a validated plan that span sections (`--only` is only-check.ts): judges and agents have what their protocol needs (a judge's model, url or command and rubric; an
 * mae agent's url, command or socket address) and URLs carry no credentials (`checkJudges`); gates
 * name metrics, tasks and agents that exist. Each problem is a diagnostic at its plan path.
 */

import { getMetricDefinition } from '../metrics/registry.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';
import { didYouMean, suggest } from '../plan/suggest.js';
import { chatProfileConflict } from '../protocols/chat/profile.js';
import { parseSocketAddress } from '../protocols/mae/address.js';
import { BUILTIN_RUBRICS, resolveRubric } from '../protocols/rubrics/index.js';
import { commandCredentialDiagnostics } from './command-credential-checks.js';
import { gateScoreWarning } from './gate-score-bounds.js';
import { judgeCommandDiagnostic } from './judge-command.js';
import { judgeShellDiagnostics } from './judge-shell.js';
import { ignoredKeyDiagnostics, missingKeyHint } from './mae-transport-keys.js';
import { serveCommandDiagnostics } from './shell-command-check.js';
import { urlCredentialDiagnostics } from './url-credential-checks.js';

export function checkJudges(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
  raw?: LoadedPlan['raw'],
): void {
  for (const [id, judge] of Object.entries(plan.judges)) {
    const p: PlanPath = ['judges', id];
    if (judge.protocol === 'openai' && !judge.model) {
      diagnostics.push(
        diagnostic('EVALC_JUDGE_CONFIG', `judge ${id}: an openai judge needs model:`, p, { source: at(p) }),
      );
    }
    // One written but refused by the schema (a NUL byte, above 120 KiB) has its own error at its line.
    if (!judge.url && !judge.command && !writtenJudgeTransport(raw, id)) {
      diagnostics.push(
        diagnostic('EVALC_JUDGE_CONFIG', `judge ${id} needs url: (or command: for agent-eval rpc)`, p, {
          source: at(p),
        }),
      );
    }
    // QA41: agent-eval's judge request has no temperature (the server judges at 0): ignored.
    if (judge.protocol === 'agent-eval' && judge.temperature !== undefined) {
      diagnostics.push(
        diagnostic(
          'EVALC_JUDGE_TEMPERATURE',
          `judge ${id} is an agent-eval judge: its requests carry no temperature, so temperature is not used`,
          [...p, 'temperature'],
          {
            severity: 'warning',
            source: at([...p, 'temperature']),
            hint: 'the agent-eval server judges at temperature 0; an openai judge takes temperature',
          },
        ),
      );
    }
    // QA73: nor a max_tokens (the server sets its own).
    if (judge.protocol === 'agent-eval' && judge.maxTokens !== undefined) {
      diagnostics.push(
        diagnostic(
          'EVALC_JUDGE_MAX_TOKENS',
          `judge ${id} is an agent-eval judge: its requests carry no max_tokens, so maxTokens is not used`,
          [...p, 'maxTokens'],
          { severity: 'warning', source: at([...p, 'maxTokens']), hint: 'an openai judge takes maxTokens' },
        ),
      );
    }
    const rpcWords =
      judge.command && judge.protocol !== 'openai'
        ? judgeCommandDiagnostic(id, judge.command, [...p, 'command'], at([...p, 'command']))
        : undefined;
    if (rpcWords?.severity === 'warning') diagnostics.push(rpcWords);
    // QA92: what sh does with it (a stdout redirection, a pipeline, `sh -c '…'`).
    if (judge.command && judge.protocol !== 'openai')
      diagnostics.push(...judgeShellDiagnostics(id, judge.command, [...p, 'command'], at([...p, 'command'])));
    // QA41: `command:` is agent-eval's stdio transport only, and one judge has one transport
    // (the url was silently ignored beside a command; an openai judge failed every call).
    if (judge.command && judge.protocol === 'openai') {
      diagnostics.push(
        diagnostic(
          'EVALC_JUDGE_CONFIG',
          `judge ${id}: an openai judge is reached at url:, not command:`,
          [...p, 'command'],
          {
            source: at([...p, 'command']),
            hint: 'command: runs `agent-eval rpc` (protocol: agent-eval); give the OpenAI-compatible base URL as url:',
          },
        ),
      );
    } else if (rpcWords?.severity === 'error') {
      diagnostics.push(rpcWords);
    } else if (judge.command && judge.url) {
      diagnostics.push(
        diagnostic(
          'EVALC_JUDGE_CONFIG',
          `judge ${id} has both url: and command:; give one`,
          [...p, 'command'],
          {
            source: at([...p, 'command']),
            hint: 'url: for `agent-eval serve` over HTTP, command: for `agent-eval rpc` over stdio',
          },
        ),
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
    // An agent-eval judge's rubric that is a near miss of a plan rubric (`course-advise`): its
    // server is asked for that name, 404, and every judge call of the run failed (QA44). A name
    // far from every plan rubric is the server's own (registered) and stays quiet.
    if (judge.protocol === 'agent-eval' && judge.rubric && !resolveRubric(judge.rubric, plan.rubrics)) {
      const near = didYouMean(judge.rubric, [...Object.keys(plan.rubrics), ...Object.keys(BUILTIN_RUBRICS)]);
      if (near)
        diagnostics.push(
          diagnostic(
            'EVALC_REF_RUBRIC',
            `rubric \`${judge.rubric}\` is not a plan rubric: judge ${id} must register it`,
            [...p, 'rubric'],
            { source: at([...p, 'rubric']), severity: 'warning', hint: near },
          ),
        );
    }
  }
  diagnostics.push(...urlCredentialDiagnostics(plan, at));
  diagnostics.push(...commandCredentialDiagnostics(plan, at));
  // QA113: bash's `|&` in a served process's command (sh refuses it: the process never starts).
  diagnostics.push(...serveCommandDiagnostics(plan, at));
  for (const [id, agent] of Object.entries(plan.agents)) {
    const p: PlanPath = ['agents', id];
    const profileConflict =
      agent.protocol === 'chat' ? chatProfileConflict(agent, writtenProfile(raw, id)) : undefined;
    if (profileConflict) {
      diagnostics.push(
        diagnostic('EVALC_AGENT_CONFIG', `agent ${id}: ${profileConflict}`, [...p, 'profile'], {
          source: at([...p, 'profile']),
          hint: 'keep one of them: profile: platform (or replayTools: true) runs the agent as the Connexity platform does today',
        }),
      );
    }
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
        // `command:` or `address:` without `transport:` reads the default, http (QA338: said only
        // "needs url:", as if the agent's own key were wrong)
        const hint = missingKeyHint(agent, writtenTransport(raw, id));
        diagnostics.push(
          diagnostic(
            'EVALC_AGENT_CONFIG',
            `agent ${id}: mae transport ${agent.transport} needs ${need}:`,
            p,
            { source: at(p), ...(hint ? { hint } : {}) },
          ),
        );
      }
      diagnostics.push(...ignoredKeyDiagnostics(id, agent, at));
    }
  }
}

/**
 * A gate naming the type of a metric that has an `id:` (QA166: `{ id: em-set, type: exact_match }`
 * and a gate on `exact_match` was told to add `{ type: exact_match, … }` under metrics:).
 */
function byIdHint(
  name: string,
  metrics: readonly { id?: string | undefined; type: string }[],
): string | undefined {
  const ids = [...new Set(metrics.filter((m) => m.type === name && m.id !== undefined).map((m) => m.id))];
  if (ids.length === 0) return undefined;
  return `a metric with an id is named by it: metric: ${ids[0]}${ids.length > 1 ? ` (or ${ids.slice(1).join(', ')})` : ''}`;
}

export function checkGates(
  plan: Plan,
  diagnostics: Diagnostic[],
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): void {
  const metricIds = new Set<string>();
  const all = [...Object.values(plan.tasks).flatMap((task) => task.metrics), ...plan.metrics];
  for (const m of all) metricIds.add(m.id ?? m.type);
  // A metric of a misspelt type (`exactmatch`, its own EVALC_REF_METRIC_TYPE) is no name to suggest,
  // and a gate on the type it misspells is a cascade of that error (QA166: the gate, which was
  // right, read 'unknown metric `exact_match`, did you mean `exactmatch`?').
  const misspelt = all.filter((m) => !getMetricDefinition(m.type)).map((m) => m.type);
  const suggestible = all
    .filter((m) => m.id !== undefined || getMetricDefinition(m.type))
    .map((m) => m.id ?? m.type);
  plan.gates.forEach((gate, i) => {
    const p: PlanPath = ['gates', i];
    const cascade = getMetricDefinition(gate.metric) && misspelt.some((t) => suggest(t, [gate.metric]));
    if (!metricIds.has(gate.metric) && !cascade) {
      diagnostics.push(
        diagnostic('EVALC_REF_METRIC', `gate names unknown metric \`${gate.metric}\``, [...p, 'metric'], {
          source: at([...p, 'metric']),
          // A metric type that no task computes (QA161: `pass_rate` without a `metrics:` entry said no more).
          hint:
            byIdHint(gate.metric, all) ??
            didYouMean(gate.metric, suggestible) ??
            (getMetricDefinition(gate.metric)
              ? `a gate reads a metric the plan computes: add \`{ type: ${gate.metric}, … }\` under the plan's metrics: (every task) or a task's`
              : suggestible.length > 0
                ? `the plan's metrics: ${[...new Set(suggestible)].join(', ')}`
                : undefined),
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
                taskDatasetHint(plan, gate.dataset, gate.task) ??
                didYouMean(gate.dataset, datasetIds) ??
                `datasets: ${[...datasetIds].join(', ') || 'none'}`,
            },
          ),
        );
      }
    }
    // A task's mean is over all its datasets: `dataset:` picks nothing at task scope (QA38).
    if (gate.scope === 'task' && gate.dataset !== undefined) {
      diagnostics.push(
        diagnostic(
          'EVALC_GATE_SCOPE',
          'a gate at task scope judges each task’s mean: its dataset: is not used (scope: dataset judges that dataset)',
          [...p, 'dataset'],
          { severity: 'warning', source: at([...p, 'dataset']) },
        ),
      );
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
    const definition = measured ? getMetricDefinition(measured.type) : undefined;
    const unit = definition?.unit;
    // time_to_success (stage derived) always has a score (0 for a failed example): only the
    // example-stage measurements without a budget (tokens, cost, steps) have none (QA37).
    const measurementOnly =
      definition?.family === 'efficiency' &&
      definition.stage === 'example' &&
      (measured as Record<string, unknown>).budget === undefined;
    if (
      gate.regression !== undefined &&
      measured &&
      (unit === 'ms' || unit === 'tokens' || unit === 'USD') &&
      measurementOnly
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
    if (measured && definition && !measurementOnly) {
      const range = gateScoreWarning(gate, measured.type, unit);
      if (range) {
        const key = range.bound;
        diagnostics.push(
          diagnostic('EVALC_GATE_RANGE', range.message, [...p, key], {
            severity: 'warning',
            source: at([...p, key]),
            hint: range.hint,
          }),
        );
      }
    }
    if (gate.min === undefined && gate.max === undefined && gate.regression === undefined) {
      diagnostics.push(
        diagnostic('EVALC_GATE_EMPTY', 'a gate needs min:, max: or regression:', p, { source: at(p) }),
      );
    }
    // min above max: no figure can pass it (QA44, e.g. `{ min: 0.9, max: 0.1 }` for max: 0.91).
    if (gate.min !== undefined && gate.max !== undefined && gate.min > gate.max) {
      diagnostics.push(
        diagnostic(
          'EVALC_GATE_RANGE',
          `gate on ${gate.metric}: min ${gate.min} is above max ${gate.max}: it can never pass`,
          [...p, 'max'],
          {
            source: at([...p, 'max']),
            severity: 'warning',
            hint: 'min: is the lowest passing figure, max: the highest',
          },
        ),
      );
    }
  });
}

/** An agent's `profile:` as the plan wrote it (before the schema resolved an alias). */
function writtenProfile(raw: LoadedPlan['raw'] | undefined, id: string): unknown {
  return writtenAgentKey(raw, id, 'profile');
}

/** Whether the plan wrote the agent a `transport:` (http is read when it did not). */
function writtenTransport(raw: LoadedPlan['raw'] | undefined, id: string): boolean {
  return writtenAgentKey(raw, id, 'transport') !== undefined;
}

function writtenAgentKey(raw: LoadedPlan['raw'] | undefined, id: string, key: string): unknown {
  const agents = raw?.agents;
  const agent = agents && typeof agents === 'object' ? (agents as Record<string, unknown>)[id] : undefined;
  return agent && typeof agent === 'object' ? (agent as Record<string, unknown>)[key] : undefined;
}

/** Whether the plan wrote the judge a `url:` or `command:` (the schema may have refused it). */
function writtenJudgeTransport(raw: LoadedPlan['raw'] | undefined, id: string): boolean {
  const judges = raw?.judges;
  const judge = judges && typeof judges === 'object' ? (judges as Record<string, unknown>)[id] : undefined;
  if (!judge || typeof judge !== 'object') return false;
  const { url, command } = judge as Record<string, unknown>;
  return url !== undefined || command !== undefined;
}

/**
 * A gate's `dataset: search/csv`, the form `--only` and the reports' `dataset:search/csv` write,
 * names a task's dataset: told to write the task apart (QA315: it was hinted the bare ids only).
 */
function taskDatasetHint(plan: Plan, written: string, task: string | undefined): string | undefined {
  const slash = written.indexOf('/');
  if (slash < 0) return undefined;
  const [taskId, datasetId] = [written.slice(0, slash), written.slice(slash + 1)];
  if (task !== undefined && task !== taskId) return undefined;
  const datasets = Object.hasOwn(plan.tasks, taskId) ? plan.tasks[taskId]?.datasets : undefined;
  return datasets !== undefined && Object.hasOwn(datasets, datasetId)
    ? `a gate names the task apart: task: ${taskId}, dataset: ${datasetId}`
    : undefined;
}
