/**
 * Writes the V8 code cache shipped beside the binary (dist/evalc.code-cache; the loader that reads
 * it: scripts/code-cache-loader.mjs). V8 caches the bytecode of every function that has run when
 * the cache is made, so the fresh binary runs a small representative command first: `evalc apply`
 * of 200 examples (plan loading and checks, the dataset, compile, /info discovery, the RAIP
 * dispatch, aggregation, the lockfile and the four reports) against a loopback RAIP agent
 * (tests/fixtures/apply-counting-agent.mjs) in this process, in a temporary folder, with
 * `EVALC_CODE_CACHE_OUT` set: the binary writes the cache when the command ends. A later `evalc`
 * of any command then skips the parse of the program and the compile of everything this ran.
 *
 * The child runs with no Node options (NODE_OPTIONS is not passed): V8 rejects a cache made under
 * other V8 flags. The build fails if the apply does: it is also a smoke test of the fresh binary.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchWorkspace } from '../benchmarks/bench-workspace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = 200;

/** Runs `bin apply` on the training workspace and leaves the code cache in `out`. */
export async function writeCodeCache(bin, out) {
  rmSync(out, { force: true });
  const { startCountingAgent } = await import(path.join(root, 'tests/fixtures/apply-counting-agent.mjs'));
  const agent = await startCountingAgent({ lean: true, delayMs: 0 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-code-cache-'));
  try {
    writeBenchWorkspace(dir, { n: EXAMPLES, agentUrl: agent.url, concurrency: 8 });
    const child = spawn(process.execPath, [bin, 'apply', 'evalc.yaml', '--quiet'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', EVALC_CODE_CACHE_OUT: out },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0 || !existsSync(out))
      throw new Error(
        `bundle: the code cache run (evalc apply, ${EXAMPLES} examples) exited ${code}:\n${stderr}`,
      );
  } finally {
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
