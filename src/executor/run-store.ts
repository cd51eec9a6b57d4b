/**
 * An apply's step log, opened on first use: an up-to-date apply whose reports are current never
 * loads it (its index is ~4 entries per example, or a whole shared cache's); RAIP discovery reads
 * the locked schema from `schemas/` beside it (schema-cache.ts). A log that cannot be written (a
 * full disk) aborts `stopped`, which stops dispatching like a first Ctrl-C: what completed is
 * cached, nothing more is sent that could not be kept.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { LogStore } from './cache-store.js';

export class RunStore {
  #opened: LogStore | undefined;
  #closed = false;
  /** Whether the log's load notes were printed, whether evalc.lock records their steps, and whether
   * apply is deciding if it is up to date (notes wait for the answer, QA254). */
  #said = false;
  #recorded = false;
  #frozen = false;
  #deciding = false;
  readonly #stop = new AbortController();
  /** The log's file when it was opened (device and inode), to tell it was removed or replaced meanwhile. */
  #logId: string | undefined;

  constructor(
    private readonly cacheDir: string,
    private readonly message: (text: string) => void,
    /** The prune a damaged entry's note offers, naming the plan as given (QA245). */
    private readonly prune = 'evalc cache prune',
  ) {}

  /** Aborted when the log could not be written. */
  get stopped(): AbortSignal {
    return this.#stop.signal;
  }

  /** The log, opened (its damaged and lost entries counted, in notes) the first time it is asked for. */
  open(): LogStore {
    if (this.#opened) {
      this.#sayNotes();
      return this.#opened;
    }
    const opened = new LogStore(this.cacheDir, {
      onWriteFailure: (error) => {
        this.message(`evalc: cannot write the cache: stopping the run (${error.code ?? 'error'})`);
        this.#stop.abort();
      },
    });
    this.#opened = opened;
    this.#logId = fileId(path.join(this.cacheDir, 'steps.log'));
    this.#sayNotes();
    return opened;
  }

  /**
   * Whether the log this run wrote was removed or replaced while it ran (`rm -rf .evalc/cache`, a CI
   * cache restored over it): what the run cached went with the file it still holds open (QA294).
   */
  get logGone(): boolean {
    return this.#logId !== undefined && fileId(path.join(this.cacheDir, 'steps.log')) !== this.#logId;
  }

  /**
   * The warning for a log removed or replaced while the run ran, undefined if it is in place. A run
   * that `stopped` (Ctrl-C, a failed write) writes no evalc.lock: nothing of it is kept (QA303: it
   * said `evalc.lock still records the results` of a run that wrote none). `lockName` is the lock
   * the run writes: an --only run's is evalc.only.lock (QA310: it named evalc.lock, not written).
   */
  goneWarning(stopped: boolean, lockName = 'evalc.lock'): string | undefined {
    if (!this.logGone) return undefined;
    const kept = stopped
      ? `, and this run stopped before writing ${lockName}: nothing of it is kept, and the next apply asks the agents again`
      : ` (${lockName} still records the results; the reports lose their trajectories, and a plan edit asks the agents again)`;
    return `evalc: warning: the cache log ${path.join(this.cacheDir, 'steps.log')} was removed or replaced while apply ran: what this run cached went with it${kept}`;
  }

  /**
   * Runs `decide` (is evalc.lock up to date?), the notes of a log it opens held until the answer:
   * an up-to-date apply runs no step again (QA254: 'its step runs again' beside 'nothing ran').
   */
  deciding<T>(decide: () => T): T {
    this.#deciding = true;
    try {
      return decide();
    } finally {
      this.#deciding = false;
    }
  }

  /** `apply --frozen` not up to date calls no agent or judge: the notes say so, not only that steps run again (QA272). */
  frozen(): void {
    this.#frozen = true;
  }

  /** evalc.lock records every step (apply up to date): the notes say so, not that steps run again. */
  recordedByLock(): void {
    this.#recorded = true;
    this.#sayNotes();
  }

  #sayNotes(): void {
    if (!this.#opened || this.#said || this.#deciding) return;
    this.#said = true;
    const mode = this.#recorded ? true : this.#frozen ? 'frozen' : false;
    for (const note of cacheLoadNotes(this.#opened, this.cacheDir, this.prune, mode))
      this.message(`evalc: note: ${note}`);
  }

  /** Closes the log if it was opened; once (later calls do nothing). */
  close(): void {
    if (this.#closed) return;
    this.#sayNotes();
    this.#closed = true;
    this.#opened?.close();
  }
}

/** What --frozen does not run again (a metric's score or an extraction it runs again). */
const FROZEN_CALLS_NONE = 'an agent or a judge, which --frozen does not call';

/**
 * What a log lost or skipped when it was read, in words (apply prints them as `evalc: note: …`,
 * `plan` among its notes): damaged entries skipped, entries `steps.crc` records past the log's
 * end (a log cut short, emptied or replaced), a torn last line. Their steps run again (under
 * --frozen, unless they need an agent or a judge).
 */
export function cacheLoadNotes(
  store: LogStore,
  cacheDir: string,
  prune = 'evalc cache prune',
  /** evalc.lock records this run (`plan` up to date): apply runs no step again (QA252); 'frozen':
   * `apply --frozen` calls no agent or judge (QA272: 'its step runs again' above its refusal). */
  recorded: boolean | 'frozen' = false,
): string[] {
  const notes: string[] = [];
  const one = (n: number) => n === 1;
  const again = (n: number) =>
    recorded === 'frozen'
      ? `${one(n) ? 'its step runs' : 'their steps run'} again unless ${one(n) ? 'it needs' : 'they need'} ${FROZEN_CALLS_NONE}`
      : recorded
        ? `evalc.lock records ${one(n) ? 'its step' : 'their steps'}, so apply does not run ${one(n) ? 'it' : 'them'} again`
        : `${one(n) ? 'its step runs' : 'their steps run'} again`;
  const damaged = store.damagedOnLoad;
  if (damaged > 0)
    notes.push(
      // One of a thing in the singular, as cache stats says it (653bd20, QA228).
      `the cache skipped ${damaged} damaged entr${one(damaged) ? 'y' : 'ies'} (${again(damaged)}; \`${prune}\` drops ${one(damaged) ? 'it' : 'them'})`,
    );
  const lost = store.lostOnLoad;
  if (lost.entries > 0)
    notes.push(
      `the cache log ${cacheDir}/steps.log is shorter than its checksums (steps.crc) record: ${lost.entries} entr${one(lost.entries) ? 'y is' : 'ies are'} gone (the log was cut short, emptied or replaced by an older copy); ${again(lost.entries)}`,
    );
  else if (lost.tornBytes > 0)
    notes.push(
      `the cache log ${cacheDir}/steps.log ended in an incomplete line (${lost.tornBytes} byte${lost.tornBytes === 1 ? '' : 's'}: an interrupted write): ${recorded === 'frozen' ? `a step it held runs again unless it needs ${FROZEN_CALLS_NONE}` : recorded ? 'evalc.lock records the step it held, so apply does not run it again' : 'a step it held runs again'}`,
    );
  return notes;
}

function fileId(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.dev}:${stat.ino}` : undefined;
}
