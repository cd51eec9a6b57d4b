/**
 * QA236: a `local` mae agent that crashes in the middle of a stderr line (`loading key sk-…`,
 * cut by its exit) had that line quoted in its `process_crashed` message, run.log, the cache and
 * the reports as written: the head of the plan secret it stopped in stood in the open
 * (`loading key sk-QA236-SECRET`). The line now ends in a `…` where the agent stopped, which
 * masks such a head as a cut quote's. Real subprocess.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { referencedSecrets } from '../../src/plan/secrets.js';
import { StderrTail } from '../../src/protocols/mae/stderr-tail.js';

const SECRET = 'sk-QA236-SECRET-5httpEe';

async function stderrOf(script: string): Promise<{ logged: string[]; summary: string }> {
  const secrets = referencedSecrets({ authorization: 'Bearer ${env.QA236_TOKEN}' }, { QA236_TOKEN: SECRET });
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, K: SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const tail = new StderrTail(child.stderr, secrets);
  const logged: string[] = [];
  tail.log = (line) => logged.push(line);
  await new Promise((resolve) => child.on('close', resolve));
  tail.flush();
  return { logged, summary: tail.summary() };
}

describe('a local agent that stops in the middle of a stderr line', () => {
  it('leaves no head of a secret it stopped in, in the logged line or the crash summary', async () => {
    const { logged, summary } = await stderrOf(
      'console.error("starting"); process.stderr.write("loading key " + process.env.K.slice(0, 15)); setTimeout(() => process.exit(1), 20)',
    );
    expect(logged).toEqual(['starting', 'loading key ***…']);
    expect(summary).toContain('loading key ***…');
    expect(summary).not.toContain('sk-QA236');
  });

  it('still masks a whole secret on a finished line and keeps the words of an unfinished one', async () => {
    const { logged } = await stderrOf(
      'console.error("key " + process.env.K + " ok"); process.stderr.write("bye"); setTimeout(() => process.exit(1), 20)',
    );
    expect(logged).toEqual(['key *** ok', 'bye…']);
  });
});
