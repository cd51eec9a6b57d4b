/**
 * QA236: a served agent that stops in the middle of a line (it dies, or is stopped, while printing
 * its key) leaves that line unfinished. Its log and the failure message quoted it as written, so
 * the head of the secret it stopped in (`sk-QA236-SECRE` of `sk-QA236-SECRET-…`) stood in the
 * open, and the unfinished stdout and stderr lines ran together on one line of the log. The line
 * now ends in a `…` where the process stopped, which masks such a head as a cut quote's.
 * Real subprocess.
 */
import { describe, expect, it } from 'vitest';
import type { OutputTail } from '../../src/executor/served-output.js';
import { referencedSecrets } from '../../src/plan/secrets.js';
import { runThroughOutputTail } from '../fixtures/output-tail-run.js';

const SECRET = 'sk-QA236-SECRET-8servedHh';

async function run(script: string): Promise<{ written: string; tail: OutputTail }> {
  const secrets = referencedSecrets({ KEY: '${env.QA236_KEY}' }, { QA236_KEY: SECRET });
  return runThroughOutputTail(script, SECRET, secrets);
}

describe('a served agent that stops in the middle of a line', () => {
  it('leaves no head of a secret it stopped in, in its log or the failure message', async () => {
    const { written, tail } = await run(
      'process.stderr.write("fatal: bad key " + process.env.K.slice(0, 14)); process.stdout.write("key " + process.env.K.slice(0, 12)); setTimeout(() => process.exit(3), 20)',
    );
    expect(written).not.toContain('sk-QA236');
    expect(written).toContain('fatal: bad key ***…\n');
    expect(written).toContain('key ***…\n');
    expect(tail.suffix()).toContain('fatal: bad key ***…');
    expect(tail.suffix()).not.toContain('sk-QA236');
  });

  it('keeps a last line without an end of line that holds no secret, marked where it stopped', async () => {
    const { written, tail } = await run('process.stdout.write("listening on 7101")');
    expect(written).toBe('listening on 7101…\n');
    expect(tail.suffix()).toContain('listening on 7101…');
  });

  it('still masks a whole secret on a finished line', async () => {
    const { written } = await run('console.log("key " + process.env.K + " ok")');
    expect(written).toBe('key *** ok\n');
  });
});
