/**
 * QA72: DESIGN §2 — `serve.command` runs in the folder of the plan file that declares it. A served
 * agent declared in `agents/agents.yaml` whose command was written from the plan's folder
 * (`./agents/start.sh`) failed with only the process's own words ("./agents/start.sh: not found"),
 * which for a shell script do not say where it ran. The start failure now names that folder.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

assertBuilt();
const { dir: root, cleanup } = tempWorkspace('evalc-qa72-serve-folder-');
afterAll(cleanup);

describe('a served agent declared in an included file that fails to start (QA72)', () => {
  it('names the folder its serve.command ran in', async () => {
    const dir = path.join(root, 'plan');
    mkdirSync(path.join(dir, 'agents'), { recursive: true });
    writeFileSync(path.join(dir, 'agents/start.sh'), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(dir, 'agents/start.sh'), 0o755);
    writeFileSync(
      path.join(dir, 'agents/agents.yaml'),
      `agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:9
    serve: { command: ./agents/start.sh, ready: { url: "http://127.0.0.1:9/info", timeout: 5s } }
`,
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: served }
include: [agents/agents.yaml]
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
    );
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/agent a1 could not start: serve a1 exited with code 127/);
    expect(applied.stderr).toContain(
      '(its serve.command runs in agents/, the folder of the plan file that declares agent a1)',
    );
    expect(applied.stderr).not.toMatch(/\n\s+at /);
  });
});
