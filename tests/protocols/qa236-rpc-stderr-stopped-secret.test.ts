/**
 * QA236: an agent-eval stdio judge that exits in the middle of a stderr line (`auth with sk-…`,
 * cut by its exit) had that line's end quoted in the message, `…; stderr: auth with
 * sk-QA236-SECR`: the head of the plan secret it stopped in stood in the open (terminal, --json,
 * run.log, the cache and the reports). The quote now ends in a `…` where it stopped, which masks
 * such a head as a cut quote's. Real subprocess.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { referencedSecrets } from '../../src/plan/secrets.js';
import { runRpcProcess, stderrTail } from '../../src/protocols/agent-eval/rpc-process.js';

const SECRET = 'sk-QA236-SECRET-5httpEe';
const secrets = referencedSecrets({ authorization: 'Bearer ${env.QA236_TOKEN}' }, { QA236_TOKEN: SECRET });
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function stderrOf(script: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa236-rpc-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const result = await runRpcProcess({
    command: `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}`,
    args: ['rpc', 'version'],
    stdin: '{}',
    cwd: dir,
    timeoutMs: 8_000,
    signal: AbortSignal.timeout(20_000),
    env: { ...process.env, K: SECRET },
    secrets,
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.stderr;
}

describe('an agent-eval stdio judge that stops in the middle of a stderr line', () => {
  it('leaves no head of a secret it stopped in, in the quoted stderr tail', async () => {
    const stderr = await stderrOf(
      'process.stderr.write("auth with " + process.env.K.slice(0, 13)); setTimeout(() => process.exit(1), 20)',
    );
    const quoted = stderrTail(stderr, secrets);
    expect(quoted).toBe('; stderr: auth with ***…');
    expect(quoted).not.toContain('sk-QA236');
  });

  it('quotes a finished last line as it was, a whole secret masked', async () => {
    const stderr = await stderrOf(
      'console.error("auth with " + process.env.K + " refused"); process.exit(1)',
    );
    expect(stderrTail(stderr, secrets)).toBe('; stderr: auth with *** refused');
  });
});
