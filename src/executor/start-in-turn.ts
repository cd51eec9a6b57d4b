/**
 * Agents and judges start side by side (a served process's readiness wait is mostly waiting),
 * but never two that would listen at the same place.
 */
import { serveAddress } from './agent-runtime.js';

/** What of an agent's or judge's plan entry says where its served process listens. */
interface ServedConfig {
  serve?: { ready?: { url?: string | undefined } | undefined } | undefined;
}

/**
 * `start(id)` for every agent (or judge) at once, except that served ones that listen at the same address
 * (or poll the same ready.url) start one after another, in plan order: the second one's check that
 * nothing holds its port must see the first (a copied `serve:` block is refused, not raced).
 */
export function startInTurn<T>(
  ids: readonly string[],
  configOf: (id: string) => ServedConfig | undefined,
  start: (id: string) => Promise<T>,
): Promise<T>[] {
  const last = new Map<string, Promise<unknown>>();
  return ids.map((id) => {
    const places = servedPlaces(configOf(id));
    const before = places.map((p) => last.get(p)).filter((p) => p !== undefined);
    const started = before.length === 0 ? start(id) : Promise.allSettled(before).then(() => start(id));
    for (const p of places) last.set(p, started);
    return started;
  });
}

/** Where a served agent (or judge) listens: its address and ready.url, as places; none if not served. */
export function servedPlaces(config: ServedConfig | undefined): string[] {
  return config?.serve
    ? [serveAddress(config), config.serve.ready?.url].filter((p): p is string => p !== undefined).map(placeOf)
    : [];
}

/**
 * An address as a place to listen: a url's (or a socket's `host:port`) host and port, the path and
 * scheme aside, with every name of this machine's loopback as one (`localhost`, `127.0.0.1`, `::1`,
 * `0.0.0.0`; a name's trailing dot aside, `localhost.`, QA181: QA174, two agents at `localhost:7101` and `127.0.0.1:7101` started side by side and
 * the second died "address in use"); else as written (a unix socket's path).
 */
export function placeOf(address: string): string {
  if (/^(?:https?|wss?):\/\//i.test(address)) {
    try {
      const url = new URL(address);
      const port = url.port || (/^(?:https|wss):$/.test(url.protocol) ? '443' : '80');
      return `${hostKey(url.hostname)}:${port}`;
    } catch {
      return address;
    }
  }
  const hostPort = /^(\[[^\]]*\]|[^/:[\]]+):(\d+)$/.exec(address);
  return hostPort ? `${hostKey(hostPort[1]!)}:${Number(hostPort[2])}` : address;
}

const THIS_MACHINE = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|0\.0\.0\.0|::)$/;

function hostKey(host: string): string {
  // A name's trailing dot (`localhost.`, fully qualified) names the same host (QA181: side by side).
  const bare = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/(?<=[^.])\.$/, '');
  return THIS_MACHINE.test(bare) ? 'this-machine' : bare;
}
