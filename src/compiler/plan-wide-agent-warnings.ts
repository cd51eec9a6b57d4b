/**
 * A plan-wide metric (the plan's `metrics:`) is checked with each task's agents, so a warning
 * naming the agents a metric measures nothing on was said once per task, at one file:line:col,
 * each naming that task's agents (QA351: `policy_adherence` over a task of `a1` and one of `a1`,
 * `a4` read twice). Those warnings are held back here and said once, naming the agents of every
 * task they were found in: each check run again with that union says what it said per task, since
 * it names the agents of a protocol (raip/http, not mae), or those of tasks whose agents are all mae.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';
import { checkGovernanceSource } from './governance-check.js';
import { checkToolCallSource } from './tool-calls-check.js';
import { checkUsageSource } from './usage-check.js';

type AgentCheck = (
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  taskAgents: Iterable<string>,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
) => Diagnostic[];

const BY_CODE: Record<string, AgentCheck> = {
  EVALC_METRIC_NO_TOOL_CALLS: checkToolCallSource,
  EVALC_METRIC_NO_GOVERNANCE: checkGovernanceSource,
  EVALC_METRIC_NO_USAGE: checkUsageSource,
};

export class PlanWideAgentWarnings {
  readonly #held = new Map<
    string,
    { config: MetricConfig; path: PlanPath; check: AgentCheck; agents: Set<string> }
  >();

  /** The diagnostics to say now: a plan-wide metric's agent warnings are held back. */
  take(
    diagnostics: Diagnostic[],
    config: MetricConfig,
    path: PlanPath,
    taskAgents: Iterable<string>,
  ): Diagnostic[] {
    if (path[0] !== 'metrics') return diagnostics;
    return diagnostics.filter((d) => {
      const check = BY_CODE[d.code];
      if (check === undefined || d.path.join('.') !== path.join('.')) return true;
      const key = `${d.code}\u0000${path.join('.')}`;
      const held = this.#held.get(key) ?? { config, path, check, agents: new Set<string>() };
      for (const id of taskAgents) held.agents.add(id);
      this.#held.set(key, held);
      return false;
    });
  }

  /** One warning per plan-wide metric and code, naming the agents of every task it was found in. */
  warnings(plan: Plan, locate: (p: PlanPath, key?: string) => SourcePosition | undefined): Diagnostic[] {
    return [...this.#held.values()].flatMap(({ config, path, check, agents }) =>
      check(config, path, plan, agents, locate),
    );
  }
}
