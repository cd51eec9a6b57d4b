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

/** An address as a place to listen: a url's host and port (its path and scheme aside), else as written. */
export function placeOf(address: string): string {
  if (!/^(?:https?|wss?):\/\//i.test(address)) return address;
  try {
    const url = new URL(address);
    const port = url.port || (/^(?:https|wss):$/.test(url.protocol) ? '443' : '80');
    return `${url.hostname.toLowerCase()}:${port}`;
  } catch {
    return address;
  }
}
