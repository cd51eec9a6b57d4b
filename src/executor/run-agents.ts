/**
 * The run itself: each agent's examples, all agents at once. An agent's first examples that send
 * a request, or that failed from the cache, are its preflight sample (DESIGN §3: "preflight on
 * k ≤ 5 examples before the batch"; preflight-sample.ts); when every one of them failed, the rest
 * of its batch is not sent (its cached answers still count). An agent whose discovery failed runs
 * from the cache, its other examples recording the discovery's error.
 */

import type { ResolvedExample } from '../compiler/datasets.js';
import type { ExampleSteps } from '../compiler/step-keys.js';
import { codePointCut } from '../protocols/quote-cut.js';
import type { StepError } from '../protocols/types.js';
import { type UndiscoveredAgent, undiscoveredAdapter } from './discovery.js';
import { exampleItems } from './group-runtime.js';
import { PreflightSample } from './preflight-sample.js';
import { type ExampleRun, type GroupRuntime, runExample } from './run-example.js';
import { runPool } from './worker-pool.js';

export interface RunAgentsContext {
  agentIds: readonly string[];
  runtimes: readonly GroupRuntime[];
  concurrencyOf(agentId: string): number;
  /** Its examples in flight at once (agent-runtime.ts `examplesInFlight`). */
  examplesInFlightOf(agentId: string): number;
  /** Examples sent first, alone, per agent (at most 5). */
  preflight: number;
  undiscovered: ReadonlyMap<string, UndiscoveredAgent>;
  /** Aborted: no new example starts (a Ctrl-C, a cache that cannot be written). */
  signal: AbortSignal;
  message(text: string): void;
  scrub(text: string): string;
  /** ``is the agent running at <url>? …`` after an error that reached no server, else '' (discovery.ts). */
  notListeningHint?(agentId: string, error: StepError): string;
  /** Each example's run, the moment it is done. */
  onRun(rt: GroupRuntime, index: number, run: ExampleRun): void;
  /** The example runs (example × repeat) a failed preflight held back: they never report a step. */
  onHeld?(agentId: string, runs: number): void;
}

type Item = { rt: GroupRuntime; index: number; example: ResolvedExample };

/** Runs every agent's examples; returns, per agent whose preflight failed, why its batch was not sent. */
export async function runAgents(ctx: RunAgentsContext): Promise<Map<string, string>> {
  const aborted = new Map<string, string>();
  // An internal error in one agent's examples stops every agent's dispatch; the error is thrown
  // once all of them have settled (nothing still writes when apply closes the cache).
  const stop = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stop.signal]);
  const settled = await Promise.allSettled(
    ctx.agentIds.map(async (agentId) => {
      const runtimes = ctx.runtimes.filter((g) => g.compiled.group.agentId === agentId);
      const inFlight = ctx.examplesInFlightOf(agentId);
      const items = exampleItems(runtimes);
      const run = async (item: Item, steps?: ExampleSteps[]): Promise<ExampleRun> => {
        try {
          const done = await runExample(item.rt, item.example, steps);
          ctx.onRun(item.rt, item.index, done);
          return done;
        } catch (error) {
          stop.abort();
          throw error;
        }
      };
      const failure = ctx.undiscovered.get(agentId);
      if (failure) {
        // Its cached answers still count; anything else fails with the discovery's error. Not said
        // once Ctrl-C stopped the run (QA291: 'discovery failed (cancelled) … the run goes on without
        // r1' after 'interrupted — stopping before the run').
        if (!ctx.signal.aborted)
          ctx.message(
            `evalc: ${ctx.scrub(failure.message)}\n  the run goes on without ${agentId}: its examples not in the cache record ${failure.error.kind}`,
          );
        for (const rt of runtimes) rt.adapter = undiscoveredAdapter(failure.error);
        await runPool(items, inFlight, async (item) => void (await run(item)), signal);
        return;
      }
      // The sample is the first examples that send a request or failed from the cache, one at least
      // sent (preflight-sample.ts); the others wait for its verdict, cached ones run meanwhile.
      // Twice the agent's planned concurrency in flight: the gate (invoke-gate.ts) keeps the agent's
      // own limit, the extra examples are being scored or have their next request ready.
      const sample = new PreflightSample<Item>(ctx.preflight, () => ctx.signal.aborted);
      let heldRuns = 0;
      await runPool(
        items,
        inFlight,
        async (item) => {
          const admission = await sample.admit(item.rt, item.example);
          if (admission.kind === 'held') {
            heldRuns += item.rt.compiled.keys.repeats;
            return;
          }
          if (admission.kind !== 'sample' && admission.kind !== 'candidate') {
            await run(item, admission.steps);
            return;
          }
          let done: ExampleRun | undefined;
          try {
            done = await run(item, admission.steps);
          } finally {
            // the item is kept while it may be in the sample, for the failure's message
            sample.report(admission.index, done, item);
          }
        },
        signal,
      );
      sample.close();
      // An interrupted run stops every agent: its cancelled preflight is not the agent's failure.
      if (ctx.signal.aborted || !sample.failed) return;
      const members = sample.members;
      const firstRuns = members.map((m) => m.run);
      const memberItems = members.map((m) => m.tag as Item);
      const fromCache = members.filter((m) => m.cached).length;
      const kinds =
        [...new Set(firstRuns.flatMap((r) => r?.lock.errors ?? []))].join(', ') +
        (fromCache > 0 ? `; ${fromCache} of them answered from the cache` : '');
      // one example said as one (QA291: 'the first 1 examples all failed …; they were')
      const one = firstRuns.length === 1;
      const rest =
        sample.held === 0
          ? `${one ? 'it was' : 'they were'} ${agentId}'s whole batch`
          : `the rest of ${agentId}'s batch was not sent`;
      const first = one ? 'the first example failed' : `the first ${firstRuns.length} examples all failed`;
      aborted.set(agentId, `preflight: ${first} (${kinds}); ${rest}`);
      // The progress line said `6/20 … eta 1s` of an agent whose other 14 runs were never sent.
      if (heldRuns > 0) ctx.onHeld?.(agentId, heldRuns);
      ctx.message(
        `evalc: agent ${agentId}: ${aborted.get(agentId)}${preflightSaid(ctx, agentId, memberItems, firstRuns)}`,
      );
    }),
  );
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return aborted;
}

/**
 * What the first failed preflight example said, and where nothing listened, the url to start the
 * agent at (QA269: `preflight: the first 2 examples all failed (transport_error)` named neither, and
 * an `openai`, `chat` or `http` agent has no discovery to say it first).
 */
function preflightSaid(
  ctx: RunAgentsContext,
  agentId: string,
  items: readonly Item[],
  runs: readonly (ExampleRun | undefined)[],
): string {
  const i = runs.findIndex((r) => r?.firstError !== undefined);
  const error = runs[i]?.firstError;
  if (error === undefined) return '';
  const group = items[i]?.rt.compiled.group;
  const where = `${group?.taskId}/${group?.datasetId}/${items[i]?.example.id}`;
  // Cut before it is scrubbed: a secret the cut runs through is masked by its head (secret-cut.ts).
  const message = error.message.length > 300 ? `${codePointCut(error.message, 300)}…` : error.message;
  return ctx.scrub(`\n  ${where}: ${error.kind}: ${message}${ctx.notListeningHint?.(agentId, error) ?? ''}`);
}
