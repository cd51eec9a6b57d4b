/**
 * The processes a served process started that left its process group (their own session by
 * `setsid`, a detached spawn): a signal to the group does not reach them, and they held its
 * output and outlived the run (QA181). Found by their parent links in `/proc` while the served
 * process still runs (once it has exited they belong to init, and are not found); none where
 * there is no `/proc`, where `/proc` counts pids in another pid namespace than evalc's, or where
 * `root` is no longer evalc's own child (QA189: a pid reaped and taken since by another process,
 * a user's shell, had that process's jobs in other groups signalled).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

interface ProcEntry {
  pid: number;
  /** `R`, `S`, …; `Z` (or `X`) once it has exited, not yet reaped. */
  state: string;
  ppid: number;
  pgid: number;
  /** When it started (clock ticks since boot): a pid used again by another process is told apart. */
  start: string;
}

/** A process found, as its pid and start time. */
export interface FoundProcess {
  pid: number;
  start: string;
}

/** Every descendant of `root` that is not in the process group `root` leads. */
export function escapedDescendants(root: number): FoundProcess[] {
  // A /proc of another pid namespace numbers other processes: its `root` is not evalc's child.
  if (!ownProcNamespace()) return [];
  const entries = readProcEntries();
  if (entries.find((entry) => entry.pid === root)?.ppid !== process.pid) return [];
  // Appended in place: a copy per entry took 1.3 s for 20,000 processes of one parent (QA189).
  const children = new Map<number, ProcEntry[]>();
  for (const entry of entries) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const found: FoundProcess[] = [];
  const queue = [root];
  const seen = new Set<number>(queue);
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      queue.push(child.pid);
      if (child.pgid !== root) found.push({ pid: child.pid, start: child.start });
    }
  }
  return found;
}

/** Sent SIGTERM, not yet SIGKILL: evalc exiting meanwhile (a second Ctrl-C) sends it (`killTerminated`). */
const terminated = new Set<FoundProcess>();

/** Sends `signal` to each process still running (its pid not since taken by another). */
export function signalEach(found: readonly FoundProcess[], signal: NodeJS.Signals): void {
  for (const entry of found) {
    if (signal === 'SIGKILL') terminated.delete(entry);
    else terminated.add(entry);
  }
  for (const { pid, start } of found) {
    if (readEntry(String(pid))?.start !== start) continue;
    try {
      process.kill(pid, signal);
    } catch {
      // exited already
    }
  }
}

/**
 * Whether a process holds `pid` now: `undefined` where `/proc` cannot say (none, or another pid
 * namespace's). Once evalc has reaped the agent it started, one that does is another's.
 */
export function pidHeld(pid: number): boolean | undefined {
  if (!ownProcNamespace()) return undefined;
  return readEntry(String(pid)) !== undefined;
}

/**
 * The processes of group `pgid` (zombies too: they hold its number), or undefined where `/proc`
 * cannot say (none, or another pid namespace's).
 */
export function groupMembers(pgid: number): FoundProcess[] | undefined {
  if (!ownProcNamespace()) return undefined;
  return readProcEntries()
    .filter((entry) => entry.pgid === pgid)
    .map(({ pid, start }) => ({ pid, start }));
}

/** Clock ticks since boot now, as a process's start is counted (USER_HZ, 100), or undefined. */
export function ticksSinceBoot(): number | undefined {
  try {
    const seconds = Number.parseFloat(readFileSync('/proc/uptime', 'utf8'));
    return Number.isFinite(seconds) ? Math.ceil(seconds * 100) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `/proc` counts pids as evalc does (its `self` is evalc's pid). */
function ownProcNamespace(): boolean {
  try {
    return readlinkSync('/proc/self') === String(process.pid);
  } catch {
    return false;
  }
}

function readProcEntries(): ProcEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readEntry(name);
    if (entry) entries.push(entry);
  }
  return entries;
}

/**
 * SIGKILL to what was sent SIGTERM and is still in its grace (QA189: a second Ctrl-C, which exits
 * at once, left a daemon deaf to SIGTERM running, its agent gone before it).
 */
export function killTerminated(): void {
  signalEach([...terminated], 'SIGKILL');
}

/**
 * Resolves once none of `found` runs any more (a zombie has ended), or `ms` from now: what left
 * the group is given the SIGTERM grace the group has (QA189: a daemon's clean shutdown, its 1 s
 * after SIGTERM, was cut by the SIGKILL sent the moment the group had ended).
 */
export async function untilEnded(found: readonly FoundProcess[], ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (found.some(isRunning) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(50, until - Date.now()))));
}

function isRunning({ pid, start }: FoundProcess): boolean {
  const entry = readEntry(String(pid));
  return entry?.start === start && entry.state !== 'Z' && entry.state !== 'X';
}

function readEntry(pid: string): ProcEntry | undefined {
  try {
    // `pid (comm) state ppid pgrp … starttime` (the 22nd field): comm may hold spaces and
    // parentheses, so the fields are read after the last `)`, the 3rd being the first.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(pid),
      state: fields[0] ?? '',
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      start: fields[19] ?? '',
    };
  } catch {
    return undefined; // exited while listed
  }
}
