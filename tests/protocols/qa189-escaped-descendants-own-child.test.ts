/**
 * QA189: the processes a served or local agent started outside its process group are found by
 * parent links in /proc from the agent's pid (QA181). A pid the agent held once and another process
 * holds now (reaped at a crash mid-run, taken since: pid_max is 32768 on many hosts) led to that
 * process's children in other groups, a user's shell's jobs, which stop() then signalled. Only a pid
 * that is still evalc's own child is searched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { escapedDescendants } from '../../src/protocols/mae/escaped-descendants.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
  for (const dir of dirs.splice(0)) {
    for (const name of ['escaped.pid', 'holder.pid']) {
      try {
        process.kill(Number(readFileSync(join(dir, name), 'utf8')), 'SIGKILL');
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts `command` as a process group of its own (as evalc starts an agent); waits for `file`. */
async function start(command: string, file: string): Promise<{ dir: string; child: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa189-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'holder.sh'), HOLDER);
  const child = spawn(command, { shell: true, cwd: dir, detached: true, stdio: 'ignore' });
  children.push(child);
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      const pid = readFileSync(join(dir, file), 'utf8').trim();
      if (pid !== '') return { dir, child };
    } catch {}
    if (Date.now() > until) throw new Error(`${file} not written within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A shell (pid in holder.pid) whose child left its group (pid in escaped.pid, written after setsid). */
const HOLDER = `setsid sh -c 'echo $$ > escaped.pid; exec sleep 60' & while [ ! -s escaped.pid ]; do sleep 0.01; done; echo $$ > holder.pid; wait`;

it("finds what evalc's own child started outside its group", async () => {
  const { dir, child } = await start('exec sh holder.sh', 'holder.pid');
  const escaped = Number(readFileSync(join(dir, 'escaped.pid'), 'utf8'));
  expect(escapedDescendants(child.pid!).map((found) => found.pid)).toContain(escaped);
});

it('finds nothing under a pid another process holds (one evalc did not start: a pid taken since)', async () => {
  // The holder runs one level down, a child of a shell evalc started: not evalc's own child, as the
  // process that took an exited agent's pid is not.
  const { dir } = await start('sh holder.sh & wait', 'holder.pid');
  const holder = Number(readFileSync(join(dir, 'holder.pid'), 'utf8'));
  expect(Number(readFileSync(`/proc/${holder}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])).not.toBe(
    process.pid,
  );
  expect(escapedDescendants(holder)).toEqual([]);
});
