/**
 * Linux gives a process each argument and environment variable in at most 128 KiB: a longer
 * serve.command made spawn throw E2BIG and `evalc apply` crash with Node's own stack trace. Validate
 * refuses a command or serve.env text above 120 KiB at its line; a start the OS still refuses (the
 * environment as a whole above its limit) is the agent's failed start, said in one line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { SPAWN_TEXT_BYTES } from '../../src/plan/schema-parts.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-spawn-size-'));
  dirs.push(dir);
  return dir;
}

async function diagnosticsFor(agent: string): Promise<string[]> {
  const dir = tempDir();
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a1:
${agent}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.source?.line}:${d.source?.col}:${d.code}: ${d.message}`);
}

const served = (command: string, env = '') =>
  `    protocol: raip\n    url: "http://127.0.0.1:9"\n    serve:\n      command: "${command}"${env}`;

describe('a command or serve.env text larger than a process can be given', () => {
  it('refuses a serve.command above 120 KiB at its line, with its size', async () => {
    const d = await diagnosticsFor(served(`node a.mjs # ${'x'.repeat(200_000)}`));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatch(
      /^8:16:EVALC_SCHEMA_INVALID: .*is 200,013 bytes: a process is given at most 128 KiB/,
    );
    expect(d[0]).toContain('put the command in a script');
  });

  it('takes one of exactly 120 KiB, and refuses a serve.env value one byte over', async () => {
    const exact = `node a.mjs #${'x'.repeat(SPAWN_TEXT_BYTES - 'node a.mjs #'.length)}`;
    expect(await diagnosticsFor(served(exact))).toEqual([]);
    const env = await diagnosticsFor(
      served('node a.mjs', `\n      env: { BIG: "${'é'.repeat(SPAWN_TEXT_BYTES / 2)}x" }`),
    );
    expect(env).toHaveLength(1);
    expect(env[0]).toMatch(/^9:\d+:EVALC_SCHEMA_INVALID: .*is 122,881 bytes/);
  });

  it('a start the OS refuses (E2BIG: the whole environment too large) is a failed start, not a crash', async () => {
    const dir = tempDir();
    const env: Record<string, string> = {};
    for (let i = 0; i < 24; i++) env[`V${i}`] = 'y'.repeat(110_000);
    const started = await startServedProcess(
      { command: 'node -e "setTimeout(() => {}, 5000)"', env },
      { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
    );
    expect(started.ok).toBe(false);
    if (started.ok) await started.handle.stop();
    else
      expect(started.error).toEqual({
        kind: 'config_error',
        message:
          'serve a1: the command could not be started (E2BIG): its command and environment are larger than the OS takes; put the command in a script and long values in files',
      });
  });
});
