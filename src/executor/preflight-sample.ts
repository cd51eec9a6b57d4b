/**
 * An agent's preflight sample (DESIGN §3: "preflight on k ≤ 5 examples before the batch"): walking
 * its batch in run order, the first `run.preflight` examples that either send a request in this run
 * or are answered from the cache with a failure — and at least one that sends a request: the cached
 * failures take `run.preflight` − 1 places at most, the last is the first example sent (or one evalc
 * refused itself, which passes it as when it was sent). QA356: a cache of failures alone (an agent
 * that failed everything, an `--only` piece run with `preflight: 0`) made every one of them a member,
 * its run kept in memory to the end: 'the first 40001 examples all failed'.
 *
 * QA334: a cached failure counts, since it is an answer like any other (a definitive failure is
 * cached as final; transient ones are never cached): a run killed during its sample and resumed
 * sampled past the failures it had cached, so it recorded 5 failures and 15 `preflight_failed`
 * (20 examples, `preflight: 3`) where the uninterrupted run records 3 and 17. A cached success is
 * not in the sample (QA318: the sample was the first k examples whatever the cache held, so a run
 * whose first examples were cached had no preflight at all — ten examples added to a cached
 * dataset, every one of them failing, were all sent), and a cached failure after it, in run order,
 * is not either (QA343: that cache is a run's whose sample had passed). And one example is always sent: a sample of
 * cached failures alone would hold an agent back for good, fixed or not, without a request to it.
 *
 * An example that sends a request once the sample is full waits for the sample's verdict: when
 * every sample example failed, it is not sent (the agent's preflight failed); else it runs. Cached
 * examples run meanwhile and after a failed verdict too: their answers still count. Whether a
 * cached example failed is known once it ran, so an example that would send a request waits while
 * cached ones before it, which may fill the sample, are still running: the sample is the same
 * whatever order the replies come in.
 */

import type { ResolvedExample } from '../compiler/datasets.js';
import { type ExampleSteps, exampleSteps } from '../compiler/step-keys.js';
import { isLocalRefusal } from '../protocols/local-refusal.js';
import type { ExampleRun, GroupRuntime } from './run-example.js';

export type SampleAdmission =
  /** Not in the sample (it sends nothing, and is no cached failure the sample still needs): run it. */
  | { kind: 'cached'; steps: ExampleSteps[] }
  /** Sends nothing: run it, then `report` its run (a failure joins the sample). */
  | { kind: 'candidate'; steps: ExampleSteps[]; index: number }
  /** One of the sample, sending a request: run it, then `report` its run. */
  | { kind: 'sample'; steps: ExampleSteps[]; index: number }
  /** After the sample's verdict: run it (`passed`), or it is held back, not sent (`held`). */
  | { kind: 'passed' | 'held'; steps?: ExampleSteps[] };

/** An example admitted while the sample was open, in run order. */
interface Slot<T> {
  sends: boolean;
  reported: boolean;
  /** Reported from the cache: a failure, or an input evalc refused itself — in the sample (below). */
  member?: boolean;
  /** A cached input evalc refused itself (no agent call): in the sample, it passes it, as when it was sent (QA45). */
  local?: boolean;
  /** Read into the sample (`memberSlots`). */
  inSample?: boolean;
  /** Its run, kept while it may be in the sample (for the verdict and the failure's message). */
  run?: ExampleRun | undefined;
  /** What the caller said of it (`report`), kept as its run is. */
  tag?: T | undefined;
}

export class PreflightSample<T = unknown> {
  /**
   * The slots not read into the sample yet, and its members: a slot the cursor passed that is no
   * member is dropped, so a cached re-score of 100,000 examples (nothing sent: the sample is open
   * to the end) keeps none of them (QA343: 454 MB against 440 MB before 0684812d).
   */
  private readonly slots = new Map<number, Slot<T>>();
  private pushed = 0;
  /**
   * The sample read in run order so far (each slot once: a batch of 100,000 cached examples is
   * read in linear time): slots before `cursor` are settled, `memberSlots` the members among them.
   */
  private cursor = 0;
  private readonly memberSlots: Slot<T>[] = [];
  /**
   * Members not reported yet, and reported members that did not fail (so the sample passes): counted
   * as each joins or reports, since a run of cached examples may hold thousands of cached failures
   * before its first request and reading them all at each report made a re-score quadratic (QA343).
   */
  private unreportedMembers = 0;
  private passingMembers = 0;
  private sentBefore = 0;
  /**
   * A cached answer without a failure was read (in run order) before the sample was full: the
   * cached failures after it are not in the sample. They are those of a run whose preflight had
   * passed (an agent that fails some inputs), not of a sample cut short (QA343: 20 cached examples,
   * e0 answered, 14 failed, then 4 added — f27 failing, e28…e30 answered — were held back as
   * `preflight_failed` after f27 alone, 'the first 15 examples all failed', where the three it
   * sent before 0684812d passed the sample).
   */
  private answeredBefore = false;
  /** Slots at or after `cursor` that are or may be members (sending, running from the cache, or failed). */
  private maybeAfter = 0;
  /** Cached slots not reported yet (all at or after `cursor`). */
  private running = 0;
  private sentSlots = 0;
  /** Answers from the cache that are no failure (or render no input) seen while the sample was open. */
  private cachedAnswers = 0;
  private verdict: 'open' | 'passed' | 'failed' = 'open';
  private closed = false;
  /** Admissions decided one at a time, in the order they were asked for. */
  private turn: Promise<unknown> = Promise.resolve();
  /** Admissions in `turn` not decided yet. */
  private queued = 0;
  private waiting: (() => void)[] = [];
  /** Examples a failed sample held back (they would have sent a request). */
  held = 0;

  constructor(
    private readonly size: number,
    private readonly interrupted: () => boolean,
  ) {
    if (size <= 0) this.verdict = 'passed';
  }

  /** Whether the sample failed: each of its examples failed every repeat, one at least sent this run. */
  get failed(): boolean {
    return this.verdict === 'failed';
  }

  /** The sample's members (run and tag), in run order (for the failure's message): `run.preflight` at most. */
  get members(): { run: ExampleRun | undefined; tag: T | undefined; cached: boolean }[] {
    return this.memberSlots.map((slot) => ({ run: slot.run, tag: slot.tag, cached: !slot.sends }));
  }

  async admit(rt: GroupRuntime, example: ResolvedExample): Promise<SampleAdmission> {
    if (this.verdict === 'passed') return { kind: 'passed' };
    const steps = exampleSteps(rt.compiled.group, rt.compiled.keys, example);
    const sends = steps.some((step) => sendsRequest(rt, step));
    // a cached failure can only be told by running it: one with a repeat that renders no input is none
    const answered = !sends && steps.every((step) => step.invokeKey);
    // decided now when no admission before it is still waiting (a cached re-score's every example:
    // two promises each made it slower than before the sample read the cache, QA343), else in turn
    let placed = this.queued === 0 ? this.placeNow(sends, answered, steps) : 'later';
    if (placed === 'later') {
      this.queued++;
      const decided = this.turn.then(() => this.place(sends, answered, steps));
      this.turn = decided.catch(() => undefined);
      placed = await decided;
    }
    if (placed !== 'wait') return placed;
    while (this.verdict === 'open') await this.change();
    if (this.verdict === 'failed') {
      this.held++;
      return { kind: 'held' };
    }
    return { kind: 'passed', steps };
  }

  /**
   * A sample example's or candidate's run (undefined: it threw, an internal error that stops the
   * run), and what the caller keeps of it for a member (`members`).
   */
  report(index: number, run: ExampleRun | undefined, tag?: T): void {
    const slot = this.slots.get(index);
    if (!slot) return;
    slot.reported = true;
    slot.run = run;
    slot.tag = tag;
    if (!slot.sends) {
      this.running--;
      slot.local = run?.firstError !== undefined && isLocalRefusal(run.firstError);
      slot.member = slot.local || (run !== undefined && failedEveryRepeat(run));
      if (!slot.member) {
        slot.run = undefined;
        this.maybeAfter--;
        if (!slot.local) this.cachedAnswers++;
      }
    }
    // a sent example read into the sample before its reply (a cached one joins once reported)
    if (slot.inSample) {
      this.unreportedMembers--;
      this.tally(slot);
    }
    this.advance();
    // past a full sample's end: in it never (a cached one ran while the last place was read)
    if (!slot.inSample && this.full() && index >= this.cursor) this.slots.delete(index);
    this.settle();
  }

  /** The batch ended: a sample not yet full is judged on what it holds (QA64: the whole batch). */
  close(): void {
    this.closed = true;
    this.settle();
  }

  private async place(
    sends: boolean,
    answered: boolean,
    steps: ExampleSteps[],
  ): Promise<SampleAdmission | 'wait'> {
    try {
      for (;;) {
        const placed = this.placeNow(sends, answered, steps);
        if (placed !== 'later') return placed;
        await this.change();
      }
    } finally {
      this.queued--;
    }
  }

  /** Its place, or `later`: cached examples before it may still fill the sample (it is in it only if they do not). */
  private placeNow(
    sends: boolean,
    answered: boolean,
    steps: ExampleSteps[],
  ): SampleAdmission | 'wait' | 'later' {
    if (this.verdict !== 'open') {
      if (!sends || this.verdict === 'passed') return { kind: 'passed', steps };
      return 'wait';
    }
    const full = this.full();
    if (!sends) {
      if (!answered || full) {
        if (!full) this.cachedAnswers++;
        return { kind: 'cached', steps };
      }
      this.running++;
      return { kind: 'candidate', steps, index: this.push(false) };
    }
    if (this.sentSlots === 0 || this.memberSlots.length + this.maybeAfter < this.size) {
      this.sentSlots++;
      return { kind: 'sample', steps, index: this.push(true) };
    }
    if (full) return 'wait';
    return 'later';
  }

  private push(sends: boolean): number {
    this.maybeAfter++;
    const index = this.pushed++;
    this.slots.set(index, { sends, reported: false });
    this.advance();
    return index;
  }

  /**
   * Full: `run.preflight` members, none still running from the cache before them. One of them at
   * least was sent or refused by evalc itself (`advance` keeps the last place for one), so a sample
   * of cached failures alone is never full.
   */
  private full(): boolean {
    return this.memberSlots.length >= this.size;
  }

  /**
   * The last place is kept for an example sent in this run (or a cached refusal of evalc itself,
   * which passes the sample as when it was sent): every member before it is a cached failure.
   */
  private lastPlaceKept(): boolean {
    return this.memberSlots.length >= this.size - 1 && this.sentBefore === 0 && this.passingMembers === 0;
  }

  /** Reads the slots settled since, in run order, up to the sample's end or a cached one still running. */
  private advance(): void {
    while (this.cursor < this.pushed && !this.full()) {
      const slot = this.slots.get(this.cursor) as Slot<T>;
      if (!slot.sends && !slot.reported) return;
      if (slot.member && !slot.local && (this.answeredBefore || this.lastPlaceKept())) {
        // a cached failure after a cached answer (`answeredBefore`), or past the places cached
        // failures take: not in the sample, its run not kept
        this.maybeAfter--;
      } else if (!slot.sends && !slot.member) {
        this.answeredBefore = true;
      } else {
        slot.inSample = true;
        if (slot.reported) this.tally(slot);
        else this.unreportedMembers++;
        this.memberSlots.push(slot);
        this.maybeAfter--;
        if (slot.sends) this.sentBefore++;
      }
      if (!slot.inSample) this.slots.delete(this.cursor);
      this.cursor++;
    }
  }

  /** A reported member: whether it failed (a sent one after a request; a cached refusal passes). */
  private tally(slot: Slot<T>): void {
    const run = slot.run;
    const failed =
      run !== undefined && failedEveryRepeat(run) && (slot.sends ? run.invoked > 0 : !slot.local);
    if (!failed) this.passingMembers++;
  }

  private settle(): void {
    if (this.verdict === 'open') {
      const done = this.unreportedMembers === 0;
      const full = this.full();
      if (done && (full || (this.closed && this.running === 0))) {
        const failed =
          !this.interrupted() &&
          this.sentBefore > 0 &&
          (full || this.cachedAnswers === 0) &&
          this.passingMembers === 0;
        this.verdict = failed ? 'failed' : 'passed';
      }
    }
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves at the next report, close or verdict. */
  private change(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }
}

/** Whether each repeat of the example failed (any error kind; a cached failure too). */
function failedEveryRepeat(run: ExampleRun): boolean {
  return (run.lock.errors?.length ?? 0) > 0 && (run.lock.errors?.every((e) => e !== null) ?? false);
}

/** Whether this repeat sends the agent a request (neither cached nor failed to render). */
function sendsRequest(rt: GroupRuntime, step: ExampleSteps): boolean {
  if (!step.invokeKey) return false;
  return rt.refresh || !rt.store.has(step.invokeKey);
}
