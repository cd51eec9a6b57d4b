/**
 * `tool_call_match` compares the tool calls of the agent's trajectory, `repetition_rate` its tool
 * calls or assistant messages. A `raip` or `http` agent's trajectory has none: its reply is one
 * opaque `output` (DESIGN §3), whatever it holds. Such a metric scored every example 0 (1 with no
 * call expected), or 1 (nothing repeated), and validate said nothing (QA111): a warning at the
 * metric naming the agents, with the way to compare calls an output carries.
 * `checkpoints` / `progress_rate` read their tool checkpoints from the same tool calls and their
 * phrase checkpoints from the assistant messages: on such an agent those were never reached, every
 * example scoring 0 for them, and validate said nothing (QA341); the plan's own checkpoint list is
 * checked (one read from the examples' expected values is theirs).
 */

import { showOnOneLine } from '../lockfile/control-chars.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';
import { quoteCut } from '../protocols/quote-cut.js';

/** What each metric reads of the trajectory, and what it scores without it. */
const READS_TRAJECTORY: Record<string, { reads: string; scores: string; hint: string }> = {
  tool_call_match: {
    reads: 'the tool calls',
    scores: 'every example scores as if no tool was called',
    hint: 'extract the calls in the binding ({path}) and compare them with exact_match (mode: set or list); tool calls are recorded for chat, mae and openai agents',
  },
  repetition_rate: {
    reads: 'the tool calls or assistant messages',
    scores: 'every example scores 1 (nothing repeated)',
    hint: 'tool calls and messages are recorded for chat, mae and openai agents; leave this metric to those',
  },
};
const NO_TOOL_CALLS = new Set(['raip', 'http']);

export function checkToolCallSource(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  taskAgents: Iterable<string>,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const agents = [...taskAgents].filter((id) => NO_TOOL_CALLS.has(plan.agents[id]?.protocol ?? ''));
  if (agents.length === 0) return [];
  const named = agents.map((id) => `\`${id}\` (${plan.agents[id]?.protocol})`).join(', ');
  if (config.type === 'checkpoints' || config.type === 'progress_rate')
    return checkpointsWithoutTrajectory(config, path, agents, named, locate);
  const what = READS_TRAJECTORY[config.type];
  if (what === undefined) return [];
  return [
    diagnostic(
      'EVALC_METRIC_NO_TOOL_CALLS',
      `\`${config.id ?? config.type}\` reads ${what.reads} of the agent's trajectory, which ${agents.length === 1 ? 'agent' : 'agents'} ${named} never ${agents.length === 1 ? 'has' : 'have'}: a raip or http reply is one output, so ${what.scores}`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: what.hint.replace('{path}', callsPath(agents.map((id) => plan.agents[id]?.protocol))),
      },
    ),
  ];
}

/** The plan's tool and phrase checkpoints, which a raip or http trajectory never reaches. */
function checkpointsWithoutTrajectory(
  config: MetricConfig,
  path: PlanPath,
  agents: string[],
  named: string,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const list = (config as Record<string, unknown>).checkpoints;
  if (!Array.isArray(list)) return [];
  return checkpointsNeverReached(config.id ?? config.type, list, agents.length, named, path, locate);
}

/**
 * A warning for the tool and phrase checkpoints of `list` (none: no warning), which the named
 * raip or http agents' trajectories never reach; `from` says where an example's list was read.
 */
export function checkpointsNeverReached(
  metricId: string,
  list: readonly unknown[],
  agentCount: number,
  named: string,
  path: PlanPath,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
  from?: string,
): Diagnostic[] {
  const tools = new Set<string>();
  const phrases = new Set<string>();
  for (const c of list) {
    const item = c !== null && typeof c === 'object' ? (c as Record<string, unknown>) : {};
    if (typeof c === 'string') tools.add(c);
    else if (typeof item.tool === 'string') tools.add(item.tool);
    else if (typeof item.phrase === 'string') phrases.add(item.phrase);
  }
  const count = tools.size + phrases.size;
  if (count === 0) return [];
  // A checkpoint an example holds may be a paragraph: each is quoted up to 60 characters (QA351: a
  // phrase of 3,000 made the warning a line of 3,000).
  const shown = (names: Set<string>, quote: (x: string) => string) =>
    [...names]
      .slice(0, 3)
      .map((name) => quote(quoteCut(name, 60)))
      .join(', ') + (names.size > 3 ? `, … (${names.size})` : '');
  const read = [
    tools.size > 0
      ? `its tool checkpoints (${shown(tools, (t) => `\`${showOnOneLine(t)}\``)}) from the tool calls`
      : '',
    phrases.size > 0
      ? `its phrase checkpoints (${shown(phrases, (t) => JSON.stringify(t))}) from the assistant messages`
      : '',
  ].filter((x) => x !== '');
  const one = agentCount === 1;
  return [
    diagnostic(
      'EVALC_METRIC_NO_TOOL_CALLS',
      `\`${metricId}\`${from === undefined ? '' : ` (checkpoints from ${from})`} reads ${read.join(' and ')} of the agent's trajectory, which ${one ? 'agent' : 'agents'} ${named} never ${one ? 'has' : 'have'}: a raip or http reply is one output, so ${count === 1 ? 'that checkpoint is' : 'those checkpoints are'} never reached`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: 'check the reply with { state: <path in the reply>, equals: … } or { candidate: <binding output>, equals: … } checkpoints, or a phrase with contains; tool calls and messages are recorded for chat, mae and openai agents',
      },
    ),
  ];
}

/**
 * The example path to a reply's calls: a raip reply's document is `{output, usage}`, an http
 * reply's is its body, or what its `response:` selects from it, so `output.steps[].tool` read
 * nothing there (QA127; QA134: "start at its body" was wrong for an agent with `response:`).
 */
function callsPath(protocols: Array<string | undefined>): string {
  const raip = 'output: { tools: "output.steps[].tool" }';
  if (!protocols.includes('http')) return raip;
  if (!protocols.includes('raip'))
    return 'output: { tools: "steps[].tool" }: an http reply\'s paths start at its body, or at what its response: selects';
  return `${raip} for raip; "steps[].tool" for http, whose paths start at its reply body, or at what its response: selects`;
}
