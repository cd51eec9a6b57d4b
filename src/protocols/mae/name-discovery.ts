/**
 * Zero-Touch Identity Discovery (seed profile): the agent's name is read from its replies —
 * `name`, `agent_name`, `metadata.name`, `metadata.agent_name`, `metadata.model`, in that
 * priority. The first value discovered sticks for the adapter's lifetime. A plan `name` wins
 * over anything discovered (the tracker still records what the agent said).
 */
import { isRecord } from './action.js';

export interface DiscoveredName {
  name: string;
  field: string;
}

export function readReplyName(reply: unknown): DiscoveredName | undefined {
  if (!isRecord(reply)) return undefined;
  const metadata = isRecord(reply.metadata) ? reply.metadata : {};
  const candidates: [string, unknown][] = [
    ['name', reply.name],
    ['agent_name', reply.agent_name],
    ['metadata.name', metadata.name],
    ['metadata.agent_name', metadata.agent_name],
    ['metadata.model', metadata.model],
  ];
  for (const [field, value] of candidates) {
    if (typeof value === 'string' && value.trim() !== '') return { name: value, field };
  }
  return undefined;
}

export class NameTracker {
  #discovered: DiscoveredName | undefined;

  /**
   * Records the reply's name if none was discovered yet (the adapter's name sticks); returns the
   * name this reply carries, whether or not an earlier conversation already gave one — a
   * conversation's `name_discovered` event is its own (QA58: "the adapter's first reply" was a
   * race at concurrency > 1, and another example after a resumed or `--only` run).
   */
  observe(reply: unknown): DiscoveredName | undefined {
    const found = readReplyName(reply);
    if (found && !this.#discovered) this.#discovered = found;
    return found;
  }

  get discovered(): string | undefined {
    return this.#discovered?.name;
  }
}
