/**
 * An mae agent's endpoint keys against its transport: `url:` is read by http and sse (and by socket
 * when `address:` is absent), `command:` by local, `address:` by socket. A key its transport does not
 * read is warned at its line (QA338's leftover: `{transport: local, command: …, url: …}` validated
 * clean and the url was never called), and an agent missing its own key is hinted the transport the
 * key it has belongs to.
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { MaeAgentConfig } from '../plan/schema.js';

type EndpointKey = 'url' | 'command' | 'address';

/** The transport that reads each endpoint key (url: http, the default). */
const OWNER: Record<EndpointKey, string> = { url: 'http', command: 'local', address: 'socket' };

/**
 * A url in a socket's form, AgentV's `tcp:host:port` or `unix:path` (and tcp://, socket://), is
 * read by transport: socket, not http (QA358: a local agent with `url: "tcp:127.0.0.1:9"` was told
 * `set transport: http`, which then refused the url as no http: one).
 */
function socketUrl(url: string | undefined): boolean {
  return url !== undefined && /^\s*(?:tcp|unix|socket):/i.test(url);
}

/**
 * The hint of `mae transport http needs url:` when the agent has `command:` or `address:`: it reads
 * the transport it was written (QA350: `transport: sse` with `command:` was told 'not http: add
 * transport: local', a transport it had written and a key it had); of `mae transport local needs
 * command:` when it has `url:` or `address:`, and of a socket's `needs address:` when it has `command:`.
 */
export function missingKeyHint(agent: MaeAgentConfig, transportWritten: boolean): string | undefined {
  const transport = agent.transport ?? 'http';
  const keys: EndpointKey[] =
    transport === 'local'
      ? ['url', 'address']
      : transport === 'socket'
        ? ['command']
        : ['command', 'address'];
  const key = keys.find((k) => agent[k]);
  if (key === undefined) return undefined;
  const socket = key === 'url' && socketUrl(agent.url);
  const meant = socket ? 'socket' : key === 'url' ? 'http (or sse)' : OWNER[key];
  const set = socket ? 'socket' : OWNER[key];
  return transportWritten
    ? `\`${key}:\` is read by transport: ${meant}, not ${transport}: set transport: ${set}`
    : `\`${key}:\` is read by transport: ${meant}, not http: add transport: ${set}`;
}

/** Warnings for the endpoint keys an mae agent's transport does not read, beside the one it reads. */
export function ignoredKeyDiagnostics(
  id: string,
  agent: MaeAgentConfig,
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): Diagnostic[] {
  const transport = agent.transport ?? 'http';
  const reads: EndpointKey =
    transport === 'local'
      ? 'command'
      : transport === 'socket'
        ? agent.address !== undefined
          ? 'address'
          : 'url'
        : 'url';
  if (agent[reads] === undefined) return []; // its own key is missing: the error says so
  const out: Diagnostic[] = [];
  for (const key of ['url', 'command', 'address'] as const) {
    if (key === reads || agent[key] === undefined) continue;
    const p: PlanPath = ['agents', id, key];
    const owner =
      key === 'url' && transport === 'socket'
        ? undefined
        : key === 'url' && socketUrl(agent.url)
          ? 'socket'
          : OWNER[key];
    out.push(
      diagnostic(
        'EVALC_AGENT_CONFIG',
        `agent ${id}: \`${key}:\` is not read by mae transport ${transport}, which uses \`${reads}:\``,
        p,
        {
          source: at(p),
          severity: 'warning',
          hint: owner
            ? `remove it, or set transport: ${owner} to use it instead`
            : 'a socket agent reads `address:` first: remove one of them',
        },
      ),
    );
  }
  return out;
}
