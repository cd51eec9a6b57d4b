/**
 * An agent's preflight sample (DESIGN §3: "preflight on k ≤ 5 examples before the batch"): the
 * first `run.preflight` examples of its batch that send a request in this run. An example answered
 * from the cache sends nothing, so it is not in the sample and never waits for it (QA318: the
 * sample was the first k examples whatever the cache held, so a run whose first examples were
 * cached had no preflight at all — ten examples added to a cached dataset, every one of them
 * failing, were all sent, each with its retries and timeouts).
 *
 * An example that sends a request once the sample is full waits for the sample's verdict: when
 * every sample example was sent and failed, it is not sent (the agent's preflight failed); else it
 * runs. Cached examples run meanwhile and after a failed verdict too: their answers still count.
 */

import type { ResolvedExample } from '../compiler/datasets.js';
import { type ExampleSteps, exampleSteps } from '../compiler/step-keys.js';
import type { ExampleRun, GroupRuntime } from './run-example.js';

export type SampleAdmission =
  /** Sends nothing (its steps are cached, or it renders no input): run it, it is not in the sample. */
  | { kind: 'cached'; steps: ExampleSteps[] }
  /** One of the sample: run it, then `report` its run. */
  | { kind: 'sample'; steps: ExampleSteps[]; index: number }
  /** After the sample's verdict: run it (`passed`), or it is held back, not sent (`held`). */
  | { kind: 'passed' | 'held'; steps?: ExampleSteps[] };

export class PreflightSample {
  private readonly runs: (ExampleRun | undefined)[] = [];
  private admitted = 0;
  /** Examples of the batch answered from the cache before the verdict. */
  private cached = 0;
  private reported = 0;
  private verdict: 'open' | 'passed' | 'failed' = 'open';
  private readonly waiting: (() => void)[] = [];
  /** Examples a failed sample held back (they would have sent a request). */
  held = 0;

  constructor(
    private readonly size: number,
    private readonly interrupted: () => boolean,
  ) {
    if (size <= 0) this.verdict = 'passed';
  }

  /** Whether the sample failed: each of its examples sent a request, and each repeat failed. */
  get failed(): boolean {
    return this.verdict === 'failed';
  }

  /** The sample's runs, in the order they were admitted (for the failure's message). */
  get sampleRuns(): readonly (ExampleRun | undefined)[] {
    return this.runs;
  }

  async admit(rt: GroupRuntime, example: ResolvedExample): Promise<SampleAdmission> {
    if (this.verdict === 'passed') return { kind: 'passed' };
    const steps = exampleSteps(rt.compiled.group, rt.compiled.keys, example);
    if (!steps.some((step) => sendsRequest(rt, step))) {
      this.cached++;
      return { kind: 'cached', steps };
    }
    if (this.verdict === 'open' && this.admitted < this.size) {
      this.admitted++;
      return { kind: 'sample', steps, index: this.admitted - 1 };
    }
    if (this.verdict === 'open') await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.verdict === 'failed') {
      this.held++;
      return { kind: 'held' };
    }
    return { kind: 'passed', steps };
  }

  /** A sample example's run (undefined: it threw, an internal error that stops the run). */
  report(index: number, run: ExampleRun | undefined): void {
    this.runs[index] = run;
    this.reported++;
    if (this.reported < this.size || this.verdict !== 'open') return;
    const failed =
      !this.interrupted() &&
      this.runs.every((r) => r && r.invoked > 0 && r.lock.errors?.every((e) => e !== null));
    this.decide(failed ? 'failed' : 'passed');
  }

  /**
   * The batch ended before the sample was full: fewer examples sent a request than `run.preflight`,
   * and none waited. When they were the whole batch and all failed, the agent failed its preflight
   * (said as such, QA64); beside cached answers they are failures of their own.
   */
  close(): void {
    if (this.verdict !== 'open') return;
    const failed =
      this.admitted > 0 &&
      this.cached === 0 &&
      !this.interrupted() &&
      this.runs.length === this.admitted &&
      this.runs.every((r) => r && r.invoked > 0 && r.lock.errors?.every((e) => e !== null));
    this.decide(failed ? 'failed' : 'passed');
  }

  private decide(verdict: 'passed' | 'failed'): void {
    this.verdict = verdict;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Whether this repeat sends the agent a request (neither cached nor failed to render). */
function sendsRequest(rt: GroupRuntime, step: ExampleSteps): boolean {
  if (!step.invokeKey) return false;
  return rt.refresh || !rt.store.has(step.invokeKey);
}
