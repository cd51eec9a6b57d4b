/** Agent discovery at apply time: RAIP /info with ETag and schema pins; drift against the lockfile stops the run. */
import type { AgentPin } from '../compiler/compile.js';
import { recordedUrl } from '../compiler/identities.js';
import type { AgentConfig, JudgeConfig } from '../plan/schema.js';
import { describeTarget } from '../protocols/http/failure-words.js';
import { joinUrlPath } from '../protocols/http/url-path.js';
import type { RaipAdapter } from '../protocols/raip/adapter.js';
import type { AgentAdapter, Discovery, StepError } from '../protocols/types.js';
import { type AgentRuntime, isMae, isRaip } from './agent-runtime.js';
import type { ApplyOptions } from './apply-types.js';
import type { SchemaCache } from './schema-cache.js';
import { reorderedLists } from './schema-order.js';

/**
 * The transport's codes for a request that reached no server: nothing listening, no such host, no
 * socket file at a `mae` agent's `unix:` path (QA291: the agent not started at all; a stale file,
 * ECONNREFUSED, was asked, the missing one, ENOENT, was not). Not a path over the OS limit (QA323):
 * starting the agent does not help, its words say to shorten the path.
 */
const NOTHING_REACHED =
  /\((?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)\)|^socket agent unix:(?!.*a unix socket path holds).*\(ENOENT\)$/;

/**
 * ``is the agent running at <url>?`` after a request that reached no server (nothing listening, no
 * such host), as evalc.lock records the url: never `user:password@` (QA211) nor a query credential.
 * '' for a `serve:` agent (evalc started it), one with no url (nor a socket address), or a request never sent (a header the
 * env gave a line break, QA60). Said after discovery and after a preflight (QA269: an `openai` agent,
 * which has no discovery, said only `preflight: … all failed (transport_error)`).
 */
export function notListeningHint(
  config: AgentConfig | JudgeConfig,
  error: StepError,
  /** An agent-eval judge at its start too (QA291: 'judge j is not usable: … (ECONNREFUSED)' said no more). */
  who: 'agent' | 'judge' = 'agent',
): string {
  if (error.kind !== 'transport_error' || error.retryable === false || !NOTHING_REACHED.test(error.message))
    return '';
  if (config.serve) return '';
  // A `mae` socket agent's `address:` (QA281: it alone was never asked; it holds no credential)
  const address = 'address' in config && typeof config.address === 'string' ? config.address : '';
  const where = typeof config.url === 'string' && config.url !== '' ? recordedUrl(config.url) : address;
  if (where === '') return '';
  return `\n  is the ${who} running at ${where}? Start it, or let evalc start it with \`serve:\` in the plan`;
}

/** An agent whose discovery failed: the run goes on without it (its examples record `error`). */
export interface UndiscoveredAgent {
  error: StepError;
  message: string;
}

/**
 * Stands in for an agent whose discovery failed: its cached answers are still reused, and any
 * request fails with the discovery's error, never cached (the next apply asks the agent again).
 */
export function undiscoveredAdapter(error: StepError): AgentAdapter {
  return {
    protocol: 'undiscovered',
    invoke: async () => ({ ok: false, error: { ...error, retryable: true } }),
    close: async () => {},
  };
}

export async function discoverAgents(
  agents: Map<string, AgentRuntime>,
  locked: Record<string, AgentPin>,
  schemas: SchemaCache,
  options: ApplyOptions,
  /** The run's secrets out of a warning: evalc.lock may hold one an older evalc kept (QA60). */
  scrub: (text: string) => string = (text) => text,
): Promise<
  | { ok: true; pins: Record<string, AgentPin>; failed: Map<string, UndiscoveredAgent> }
  | { ok: false; message: string; reason: 'schema_drift' }
> {
  const pins = Object.create(null) as Record<string, AgentPin>;
  const failed = new Map<string, UndiscoveredAgent>();
  // Every RAIP agent is asked at once (a plan of five remote agents waited five round trips, one
  // after another); their answers are then read in plan order, so warnings, failures and the first
  // drift that stops the run come out as they did.
  const asked = new Map<string, ReturnType<typeof discoverRaip>>();
  for (const [id, runtime] of agents) {
    const adapter = runtime.adapter;
    if (!isRaip(adapter)) continue;
    const lockedPin = locked[id];
    const cachedSchema = lockedPin?.schemaDigest ? schemas.get(lockedPin.schemaDigest) : undefined;
    // An /info that takes its time is said after a few seconds (QA171: held apply silent until its timeout).
    const waited = options.progress.waitFor?.(scrub(infoWait(id, runtime)));
    asked.set(
      id,
      runtime
        .uncountedRetries(() => discoverRaip(adapter, lockedPin, cachedSchema, options.signal))
        .finally(() => waited?.()),
    );
  }
  await Promise.allSettled(asked.values());
  // Every agent whose schema drifted is named (QA167: two drifted and the refusal named the first,
  // "--update-lock … (re-invokes ra only)", though that run re-invokes both): all answers are in.
  const drifted: { id: string; what: string }[] = [];
  for (const [id, runtime] of agents) {
    const answer = asked.get(id);
    if (answer === undefined) {
      pins[id] = {};
      continue;
    }
    const lockedPin = locked[id];
    const cachedSchema = lockedPin?.schemaDigest ? schemas.get(lockedPin.schemaDigest) : undefined;
    const outcome = await answer;
    // After a drift only drifts are said: the run stops before any invoke.
    if (drifted.length > 0 && !outcome.ok) continue;
    if (!outcome.ok) {
      // Nothing listening is the usual first-run mistake: say what to do about it (not after a
      // request that was never sent: a header the env gave a line break, QA60). The url as evalc.lock
      // records it: never `user:password@` (QA211: said as written here) nor a query credential.
      // Only where no connection was made: an agent that accepted and then reset or closed it is
      // running (QA237: a reset read 'is the agent running at …? Start it').
      const hint = notListeningHint(runtime.config, outcome.error);
      failed.set(id, {
        error: outcome.error,
        message: `agent ${id}: discovery failed (${outcome.error.kind}): ${outcome.error.message}${hint}`,
      });
      continue;
    }
    const d = outcome.discovery;
    if (drifted.length === 0)
      for (const warning of d.warnings ?? [])
        options.progress.message(scrub(`evalc: warning: agent ${id}: ${warning}`));
    // Content-addressed: already there after the first run (an up-to-date apply writes nothing).
    if (d.inputSchema !== undefined && d.schemaDigest) schemas.put(d.schemaDigest, d.inputSchema);
    const pin = outcome.pin;
    if (
      lockedPin?.schemaDigest &&
      pin.schemaDigest &&
      lockedPin.schemaDigest !== pin.schemaDigest &&
      !options.updateLock
    ) {
      const version =
        lockedPin.version !== pin.version
          ? `, version ${lockedPin.version ?? '(none)'} → ${pin.version ?? '(none)'}`
          : '';
      drifted.push({
        id,
        what: `agent ${id}: input schema drifted since evalc.lock (${lockedPin.schemaDigest.slice(0, 19)}… → ${pin.schemaDigest.slice(0, 19)}…${version})${orderOnlyHint(cachedSchema, d.inputSchema)}`,
      });
      continue;
    }
    if (drifted.length > 0) continue;
    // RAIP 4.2: a new ETag with the same schema and version is a warning only (QA45: it was said nowhere).
    // A run with work rewrites the lock, new ETag included: only an up-to-date one needs --update-lock
    // (QA155: the warning sent every run there, though the lock it wrote already pinned the ETag).
    // --locked promises nothing evalc.lock pins changes (QA159): its run keeps the locked ETag (QA155:
    // `apply --locked --refresh` rewrote it).
    // `--only --update-lock` writes .evalc/evalc.only.lock, not evalc.lock (QA164: it said
    // "evalc.lock now pins the new ETag").
    const etagOnly =
      lockedPin?.etag &&
      pin.etag &&
      lockedPin.etag !== pin.etag &&
      lockedPin.version === pin.version &&
      (!lockedPin.schemaDigest || lockedPin.schemaDigest === pin.schemaDigest);
    // The apply offered is this plan's, as the user named it (QA245: `evalc apply --update-lock` ran ./evalc.yaml).
    const updateLock = options.offer?.updateLock ?? 'evalc apply --update-lock';
    if (etagOnly)
      options.progress.message(
        scrub(
          `evalc: warning: agent ${id}: ETag changed since evalc.lock (${lockedPin.etag} → ${pin.etag}) with the same input schema and version: its results are kept${options.updateLock ? (options.only !== undefined ? '; .evalc/evalc.only.lock pins the new ETag (--only never writes evalc.lock)' : '; evalc.lock now pins the new ETag') : options.locked ? `; --locked keeps the ETag evalc.lock pins (\`${updateLock}\` pins the new one, calling no agent)` : `; an apply that rewrites evalc.lock pins the new ETag, and \`${updateLock}\` does when it is up to date (no agent is called)`}`,
        ),
      );
    pins[id] = etagOnly && options.locked && lockedPin.etag ? { ...pin, etag: lockedPin.etag } : pin;
  }
  if (drifted.length > 0) return { ok: false, reason: 'schema_drift', message: driftMessage(drifted) };
  for (const [id, runtime] of agents) {
    if (isMae(runtime.adapter) && runtime.config.protocol === 'mae' && runtime.config.name)
      pins[id] = { ...pins[id], name: runtime.config.name };
  }
  return { ok: true, pins, failed };
}

/**
 * The pins `discoverAgents` gives agents that have no discovery (every protocol but RAIP): a mae
 * agent's configured `name`, else nothing. Undefined when some agent is RAIP (its pin is its /info).
 */
export function pinsWithoutDiscovery(
  agentIds: readonly string[],
  configs: Readonly<Record<string, AgentConfig>>,
): Record<string, AgentPin> | undefined {
  const pins: Record<string, AgentPin> = {};
  for (const id of agentIds) {
    const config = configs[id];
    if (!config || config.protocol === 'raip') return undefined;
    pins[id] = config.protocol === 'mae' && config.name ? { name: config.name } : {};
  }
  return pins;
}

/**
 * One RAIP agent's `/info`, asked with If-None-Match when its lock pin has an ETag and its schema
 * is at hand (a 304 reuses that schema), and the pin it yields: name, version, schema digest and
 * ETag, each falling back to the locked one the reply does not restate. Shared by apply and plan.
 */
export async function discoverRaip(
  adapter: RaipAdapter,
  lockedPin: AgentPin | undefined,
  cachedSchema: unknown,
  signal: AbortSignal,
): Promise<{ ok: true; discovery: Discovery; pin: AgentPin } | { ok: false; error: StepError }> {
  const pinned =
    cachedSchema !== undefined && lockedPin?.etag
      ? {
          etag: lockedPin.etag,
          schemaDigest: lockedPin.schemaDigest!,
          inputSchema: cachedSchema,
          ...(lockedPin.name ? { name: lockedPin.name } : {}),
          ...(lockedPin.version ? { version: lockedPin.version } : {}),
        }
      : undefined;
  let outcome = await adapter.discover(signal, pinned);
  if (outcome.ok && outcome.discovery.notModified) {
    const reused = adapter.useSchema(cachedSchema);
    outcome = reused.ok
      ? { ok: true, discovery: { ...reused.discovery, ...outcome.discovery, notModified: true } }
      : reused;
  }
  if (!outcome.ok) return outcome;
  const d = outcome.discovery;
  const pin: AgentPin = {
    ...(d.name ? { name: d.name } : {}),
    ...(d.version ? { version: d.version } : {}),
    ...(d.version && d.numericVersion ? { numericVersion: true as const } : {}),
    ...(d.schemaDigest
      ? { schemaDigest: d.schemaDigest }
      : lockedPin?.schemaDigest
        ? { schemaDigest: lockedPin.schemaDigest }
        : {}),
    ...(d.etag ? { etag: d.etag } : lockedPin?.etag ? { etag: lockedPin.etag } : {}),
  };
  return { ok: true, discovery: d, pin };
}

/** What apply waits for while a RAIP agent's `/info` has not answered (its url without query or credentials). */
function infoWait(id: string, runtime: AgentRuntime): string {
  const url = 'url' in runtime.config ? String(runtime.config.url) : '';
  const timeout = runtime.config.limits?.timeout ?? '60s';
  const retries = runtime.config.limits?.retries ?? 3;
  return `agent ${id} to answer ${describeTarget('GET', joinUrlPath(url, '/info'))} (limits.timeout ${timeout}${retries > 0 ? `, ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''})`;
}

/** One drifted agent as before; several, each on its line, then what --update-lock re-invokes. */
function driftMessage(drifted: { id: string; what: string }[]): string {
  const [only] = drifted;
  if (only && drifted.length === 1) {
    // The order-only hint follows the sentence, as it always has.
    const [head, ...hint] = only.what.split('\n');
    return `${head}; nothing was invoked. Re-run with --update-lock to accept the new schema (re-invokes ${only.id} only).${hint.length > 0 ? `\n${hint.join('\n')}` : ''}`;
  }
  const ids = drifted.map((d) => d.id);
  const named = `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
  return `${drifted.map((d) => d.what).join('\n')}\nnothing was invoked. Re-run with --update-lock to accept the new schemas (re-invokes ${named} only).`;
}

/** When the two schemas differ only in list order: which lists, and what to do in the agent. */
function orderOnlyHint(locked: unknown, current: unknown): string {
  if (locked === undefined || current === undefined) return '';
  const lists = reorderedLists(locked, current);
  if (lists === undefined || lists.length === 0) return '';
  return `\n  the two schemas differ only in the order of ${lists.map((l) => `\`${l}\``).join(', ')}: a list built from a set (a Python \`set\`, a dict's keys) changes order between processes, and the digest (sha256 of the JCS form) keeps order. Publish it sorted (\`sorted(...)\`) to keep one digest.`;
}
