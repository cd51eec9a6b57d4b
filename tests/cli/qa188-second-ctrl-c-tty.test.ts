/**
 * QA188: on a terminal the first Ctrl-C's notice starts on a line of its own, after the `^C` the
 * terminal echoes (cf238e8), but the second's did not: the screen read
 * `^Cevalc: exited at once (Ctrl-C again): …`. The CLI runs under a pseudo-terminal (`script`
 * from util-linux) and the test types Ctrl-C into it, so the terminal itself echoes `^C`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

const slow = useSlowRaipAgent(() => 20_000);

/** Resolves once `test` holds of the output so far; rejects with the output after `ms`. */
function until(output: () => string, test: (text: string) => boolean, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (test(output())) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`waited in vain: ${JSON.stringify(output())}`));
      }
    }, 50);
  });
}

describe.skipIf(!hasScript)('a second Ctrl-C typed on a terminal', () => {
  it('its notice starts on the line after the echoed ^C', async () => {
    const ws = slow.workspace('qa188-second-ctrl-c');
    writeSlowPlan(ws.dir, slow.agent.url, 1);
    const child = spawn('script', ['-qfec', `stty cols 120; node ${CLI} apply evalc.yaml`, '/dev/null'], {
      cwd: ws.dir,
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    slow.defer(() => child.kill('SIGKILL'));
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      output += d;
    });
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    await until(
      () => output,
      (o) => o.includes('in flight 1'),
      20_000,
    );
    child.stdin.write('\u0003');
    await until(
      () => output,
      (o) => o.includes('Ctrl-C again to exit now'),
      10_000,
    );
    child.stdin.write('\u0003');
    await until(
      () => output,
      (o) => o.includes('exited at once'),
      10_000,
    );
    await closed;
    expect(output).toMatch(
      /\^C\r?\n(\u001b\[[0-9;]*[A-Za-z])*evalc: interrupted — finishing steps in flight/,
    );
    expect(output).toMatch(/\^C\r?\n(\u001b\[[0-9;]*[A-Za-z])*evalc: exited at once \(Ctrl-C again\)/);
  }, 40_000);
});
