/**
 * QA95: on a terminal, apply's live progress redraw (cursor up, clear line) overwrote the first
 * Ctrl-C's "interrupted — finishing steps in flight (Ctrl-C again to exit now)" a moment after it
 * was printed, and a second Ctrl-C without --json exited saying nothing. The CLI runs under a
 * pseudo-terminal (`script` from util-linux); the test replays what it wrote as a terminal would
 * show it and reads the screen.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../e2e/apply-harness.js';
import { useSlowRaipAgent } from '../fixtures/slow-raip-agent.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

// Each invoke answers after 2.5 s: in flight when the test interrupts, done soon after.
const slow = useSlowRaipAgent(() => 2_500);

/** The screen a terminal shows after `text`: line breaks, carriage returns, cursor up, clear line. */
function screen(text: string): string[] {
  const rows: string[] = [''];
  let row = 0;
  let col = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const esc = /^\u001b\[(\d*)([A-Za-z])/.exec(text.slice(i));
    if (esc) {
      const n = Number(esc[1] || '1');
      if (esc[2] === 'A') row = Math.max(0, row - n);
      else if (esc[2] === 'K') rows[row] = '';
      else if (esc[2] === 'J') rows.splice(row + 1);
      i += esc[0].length - 1;
    } else if (ch === '\n') {
      row++;
      col = 0;
      while (rows.length <= row) rows.push('');
    } else if (ch === '\r') col = 0;
    else {
      const line = rows[row]!.padEnd(col);
      rows[row] = line.slice(0, col) + ch + line.slice(col + 1);
      col++;
    }
  }
  return rows;
}

/** apply under a pseudo-terminal; `pid` is evalc's own process (the one Ctrl-C reaches). */
function startOnTerminal(dir: string): { child: ChildProcess; pid: Promise<number>; output: () => string } {
  const inner = `node ${CLI} apply evalc.yaml & echo "PID=$!"; wait $!`;
  const child = spawn('script', ['-qfec', `stty cols 120; ${inner}`, '/dev/null'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let resolvePid: (pid: number) => void;
  const pid = new Promise<number>((resolve) => {
    resolvePid = resolve;
  });
  const timer = setTimeout(() => resolvePid(-1), 20_000);
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    output += d;
    const m = /PID=(\d+)/.exec(output);
    if (m && output.includes('in flight 1')) {
      clearTimeout(timer);
      resolvePid(Number(m[1]));
    }
  });
  slow.defer(() => child.kill('SIGKILL'));
  return { child, pid, output: () => output };
}

/** The terminal's output once `script` ended; fails with what it showed when it does not end. */
function ended(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`apply did not end: ${JSON.stringify(output())}`)),
      20_000,
    );
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe.skipIf(!hasScript)('Ctrl-C notices on a terminal (QA95)', () => {
  function workspace(name: string): string {
    const ws = slow.workspace(name);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: slow, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${slow.agent.url}", limits: { concurrency: 1 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: a } }, { id: e2, vars: { q: b } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    return ws.dir;
  }

  it("the first Ctrl-C's notice stays on screen after the progress redraws", async () => {
    const run = startOnTerminal(workspace('qa95-ctrl-c-once'));
    const done = ended(run.child, run.output);
    const pid = await run.pid;
    expect(pid, run.output()).toBeGreaterThan(0);
    process.kill(pid, 'SIGINT');
    await done;
    const shown = screen(run.output()).join('\n');
    expect(shown).toContain('evalc: interrupted — finishing steps in flight (Ctrl-C again to exit now)');
    expect(shown).toContain('stopped (1 not run)');
  }, 30_000);

  it('a second Ctrl-C says that apply exited at once', async () => {
    const run = startOnTerminal(workspace('qa95-ctrl-c-twice'));
    const done = ended(run.child, run.output);
    const pid = await run.pid;
    expect(pid, run.output()).toBeGreaterThan(0);
    process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    process.kill(pid, 'SIGINT');
    await done;
    const shown = screen(run.output()).join('\n');
    expect(shown).toContain('(Ctrl-C again to exit now)');
    expect(shown).toContain(
      'evalc: exited at once (Ctrl-C again): steps in flight were dropped, completed steps are cached',
    );
  }, 30_000);
});
