/**
 * What of a plan enters content keys and the plan digest (DESIGN §1): an agent's or judge's
 * result-relevant settings (never headers, serve, limits; URLs without user info), a metric's
 * scoring config (not threshold, gate or weight), the plan rubric a metric names.
 */

import { CANDIDATE_FIELD_METRICS } from '../metrics/resolve-fields.js';
import { maskCommandCredentials } from '../plan/command-secrets.js';
import type { AgentConfig, JudgeConfig, MetricConfig, Plan } from '../plan/schema.js';
import { splitRuntime } from '../plan/schema.js';
import { maskUrlQueryCredentials } from '../plan/url-secrets.js';
import { normalizeChatProfile } from '../protocols/chat/profile.js';
import { parseSocketAddress } from '../protocols/mae/address.js';

/** The folder each agent's / judge's `command:` runs in, relative to the plan's ('' for the plan's own). */
export interface CommandDirs {
  agents: Record<string, string>;
  judges: Record<string, string>;
}

/**
 * A `command:` runs in the folder of the file that declares it (DESIGN §2): `node bot.mjs` in
 * `agents/v2/` is another program than in `agents/v1/`, so that folder is part of the identity
 * (QA72: pointing `include:` at `agents/v2/bot.yaml` with the same `command:` text said "No
 * changes" and kept v1's answers). Relative to the plan's folder, so moving the whole plan changes
 * nothing; the plan's own folder adds nothing, so a one-file plan keeps its keys.
 */
function withCommandDir(
  identity: Record<string, unknown>,
  commandDir: string | undefined,
): Record<string, unknown> {
  if (runsInItsFolder(identity) && commandDir) identity.commandDir = commandDir;
  return identity;
}

/**
 * Whether an agent's or judge's config depends on the folder of the file that declares it: a
 * `command:` runs there, and a `mae` socket's relative unix `address:` (`unix:bot.sock`) is resolved
 * from there (a TCP or absolute address is the same from every folder).
 */
export function runsInItsFolder(config: object): boolean {
  const { command, address } = config as { command?: unknown; address?: unknown };
  if (typeof command === 'string') return true;
  if (typeof address !== 'string') return false;
  const from = (dir: string) => {
    const parsed = parseSocketAddress(address, dir);
    return parsed.ok && parsed.address.kind === 'unix' ? parsed.address.path : undefined;
  };
  return from('/a') !== from('/b');
}

/** `agents/v1 → agents/v2` when a `command:` (or relative socket) runs in another folder than the lock's (`.`: the plan's), else undefined. */
export function commandFolderChange(
  locked: { commandDir?: string } | undefined,
  config: object | undefined,
  commandDir: string | undefined,
): string | undefined {
  if (!locked || !config || !runsInItsFolder(config)) return undefined;
  const before = locked.commandDir ?? '.';
  const after = commandDir || '.';
  return before === after ? undefined : `${before} → ${after}`;
}

/**
 * What the lock's `endpoint` records of an agent (executor/build-lock.ts): its url without user
 * info, or a mae agent's `command` or socket `address` (QA72: a command's edit read "agent identity
 * changed" in `plan`, a url's named both).
 */
export function lockedEndpoint(
  agent: AgentConfig | undefined,
): { what: 'url' | 'command' | 'address'; value: string } | undefined {
  if (!agent) return undefined;
  const { url, command, address } = agent as { url?: unknown; command?: unknown; address?: unknown };
  if (typeof url === 'string' && url !== '') return { what: 'url', value: recordedUrl(url) };
  if (agent.protocol !== 'mae') return undefined;
  if (typeof command === 'string') return { what: 'command', value: maskCommandCredentials(command) };
  if (typeof address === 'string') return { what: 'address', value: address };
  return undefined;
}

/** The agent settings that can change a result (never headers, serve, limits). */
export function agentIdentity(agent: AgentConfig, commandDir?: string): Record<string, unknown> {
  const { identity } = splitRuntime(agent as unknown as Record<string, unknown>);
  if (typeof identity.url === 'string') identity.url = recordedUrl(identity.url);
  // A key written out in a mae agent's command (`OPENAI_API_KEY=sk-… node bot.mjs`) is kept out (QA339).
  if (typeof identity.command === 'string') identity.command = maskCommandCredentials(identity.command);
  if (agent.protocol === 'chat') normalizeChatProfile(identity);
  return withCommandDir(identity, commandDir);
}

/**
 * Score keys of a metric that omits `expected:` carry the rule that resolves it (the field named
 * like the candidate; it used to be the whole mapping), so scores cached under the old rule are
 * not reused. Metrics naming `expected:` keep their keys (and the golden lockfiles theirs).
 */
export function defaultExpectedRule(config: Record<string, unknown>): { expectedDefault?: string } {
  if (!CANDIDATE_FIELD_METRICS.has(String(config.type)) || config.expected !== undefined) return {};
  if (config.type === 'contains' && config.value !== undefined) return {};
  return { expectedDefault: 'candidate-field' };
}

/**
 * A metric's config as its score depends on it: without `threshold`, `gate` and `weight`, which
 * decide passing and weighting from the score (rollup, pass rule, gates), never the score itself.
 * Changing them re-aggregates and re-derives (pass_rate's key covers them) but calls no judge.
 */
export function scoringConfig(config: MetricConfig): Record<string, unknown> {
  const { threshold: _threshold, gate: _gate, weight: _weight, ...rest } = config as Record<string, unknown>;
  return rest;
}

/** `{rubricDefinition}` of the plan rubric a metric names (`rubric:` or `judge_config.judge_rubric`). */
export function metricRubricDefinition(
  config: Record<string, unknown>,
  plan: Plan,
): { rubricDefinition?: unknown } {
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

/**
 * The judge settings that can change a verdict: an agent-eval judge's request carries neither
 * `maxTokens` nor `temperature` (validate warns each is unused), so writing one re-asks no judge
 * (QA78: maxTokens did; temperature did until this round).
 */
function judgeSettings(judge: JudgeConfig): Record<string, unknown> {
  const { identity } = splitRuntime(judge as unknown as Record<string, unknown>);
  if (judge.protocol === 'agent-eval') {
    delete identity.maxTokens;
    delete identity.temperature;
  }
  // A key written out in a stdio judge's command (`AGENT_EVAL_LLM_API_KEY=sk-… agent-eval`): QA339.
  if (typeof identity.command === 'string') identity.command = maskCommandCredentials(identity.command);
  return identity;
}

export function judgeIdentity(judge: JudgeConfig, plan: Plan, commandDir?: string): Record<string, unknown> {
  const identity = judgeSettings(judge);
  if (typeof identity.url === 'string') identity.url = recordedUrl(identity.url);
  withCommandDir(identity, commandDir);
  const rubric = judge.rubric ? plan.rubrics[judge.rubric] : undefined;
  return { ...identity, rubricDefinition: rubric ?? null };
}

/**
 * An agent's or judge's URL as evalc records it (evalc.lock's `endpoint`, the identity in content
 * keys): without `user:password@`, and with a credential in its query (`?code=`, `?key=`, `?sig=`:
 * url-secrets.ts) written `***`, so neither is kept nor keyed (QA160).
 */
export function recordedUrl(url: string): string {
  return maskUrlQueryCredentials(stripUserInfo(url));
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

export function planForDigest(plan: Plan, commandDirs?: CommandDirs): unknown {
  const agents: Record<string, unknown> = {};
  for (const [id, a] of Object.entries(plan.agents)) agents[id] = agentIdentity(a, commandDirs?.agents[id]);
  const judges: Record<string, unknown> = {};
  for (const [id, j] of Object.entries(plan.judges)) {
    // A judge's url as recorded, as an agent's: its credentials never enter the digest (QA160).
    const settings = judgeSettings(j);
    if (typeof settings.url === 'string') settings.url = recordedUrl(settings.url);
    judges[id] = withCommandDir(settings, commandDirs?.judges[id]);
  }
  // A remote dataset's source as the lock records it: no `user:password@` nor `?sig=` (QA160).
  const tasks = Object.fromEntries(
    Object.entries(plan.tasks).map(([id, task]) => [
      id,
      {
        ...task,
        datasets: Object.fromEntries(
          Object.entries(task.datasets).map(([d, ds]) => [
            d,
            ds.source?.startsWith('http') ? { ...ds, source: recordedUrl(ds.source) } : ds,
          ]),
        ),
      },
    ]),
  );
  const { concurrency: _c, ...run } = plan.run;
  return { ...plan, agents, judges, tasks, run, include: null };
}
