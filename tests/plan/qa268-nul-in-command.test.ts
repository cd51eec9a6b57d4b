/**
 * A NUL byte in text evalc hands to a child process (a command, a serve.env name or value) is
 * refused at validate, at its line: the OS cannot pass it, and `command: "a\0b"` was an internal
 * error with a stack trace at `evalc plan`, and a hang at apply (QA268).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function diagnosticsFor(agent: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa268-'));
  dirs.push(dir);
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
  return result.diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col}:${d.code}: ${d.path.join('.')}: ${d.message}`,
  );
}

const NUL = 'contains a NUL byte (\\0), which a process cannot be given: remove it';

describe('a NUL byte in what a process is given', () => {
  it('refuses it in serve.command, at its line', async () => {
    const d = await diagnosticsFor(
      '    protocol: raip\n    url: "http://127.0.0.1:9"\n    serve:\n      command: "node a\\0b.mjs"',
    );
    expect(d).toEqual([
      `8:16:EVALC_SCHEMA_INVALID: agents.a1.serve.command: agents.a1.serve.command: ${NUL}`,
    ]);
  });

  it("refuses it in a mae local agent's command and in a serve.env value", async () => {
    expect(await diagnosticsFor('    protocol: mae\n    transport: local\n    command: "a\\0b"')).toEqual([
      `7:14:EVALC_SCHEMA_INVALID: agents.a1.command: agents.a1.command: ${NUL}`,
    ]);
    const env = await diagnosticsFor(
      '    protocol: raip\n    url: "http://127.0.0.1:9"\n    serve: { command: node a.mjs, env: { PORT: "7\\u0000" } }',
    );
    expect(env).toEqual([
      `7:48:EVALC_SCHEMA_INVALID: agents.a1.serve.env.PORT: agents.a1.serve.env.PORT: ${NUL}`,
    ]);
  });

  it('takes the same command without the NUL byte', async () => {
    expect(
      await diagnosticsFor(
        '    protocol: raip\n    url: "http://127.0.0.1:9"\n    serve:\n      command: "node ab.mjs"',
      ),
    ).toEqual([]);
  });
});
