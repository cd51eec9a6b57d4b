/**
 * `plan` sees a served agent's identity as `apply` will: it starts the agent (`serve:`), asks its
 * `/info`, and stops it. A new version shows as `~ invoke … because agent identity changed`
 * instead of "No changes" while apply would re-invoke; one whose serve command fails is said not to
 * have started, with why. Real CLI, real served RAIP agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { isAlive } from '../fixtures/process-alive.js';
import { countingExamples, runCli, useAgent, waitFor, writeDataset } from './apply-harness.js';

const AGENT = fileURLToPath(new URL('../fixtures/qa3-served-agent.mjs', import.meta.url));
const ctx = useAgent(async () => ({ close: async () => {} }));

describe('plan with a served agent', () => {
  it('starts it to ask /info, plans its new version as apply will, and stops it', async () => {
    const dir = ctx.workspace('plan-served');
    const port = await freePort();
    const pidFile = path.join(dir, 'agent.pid');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    // The version is a literal of serve.env, rewritten between runs (a runtime setting: no key
    // depends on it). Not `${env.X}`: a serve.env value read from the environment is a secret of
    // the run, masked in the /info reply it shows up in (README "Secrets"; QA60).
    const writePlanFor = (version: string) =>
      writeFileSync(
        path.join(dir, 'evalc.yaml'),
        JSON.stringify({
          evalc: 1,
          benchmark: { id: 'plan-served', version: '1.0.0' },
          agents: {
            a1: {
              protocol: 'raip',
              url: `http://127.0.0.1:${port}`,
              serve: {
                command: `node ${AGENT}`,
                env: { PORT: String(port), DELAY_MS: '0', PID_FILE: pidFile, AGENT_VERSION: version },
                ready: { url: `http://127.0.0.1:${port}/info`, timeout: '10s' },
              },
            },
          },
          tasks: {
            t1: {
              bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
              datasets: { d1: { source: 'd1.jsonl' } },
              metrics: [{ type: 'contains', candidate: 'answer', value: 'A:' }],
            },
          },
        }),
      );
    const env = (version: string) => {
      writePlanFor(version);
      return process.env;
    };
    expect((await runCli(['apply', '--quiet'], { cwd: dir, env: env('1.0.0') })).code).toBe(0);

    const same = await runCli(['plan'], { cwd: dir, env: env('1.0.0') });
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^No changes\./);
    // stopped with its process group (SIGTERM): gone within moments of plan's exit
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor(() => !isAlive(pid), 5000, 'the served agent to stop');

    const newer = await runCli(['plan'], { cwd: dir, env: env('1.1.0') });
    expect(newer.code).toBe(2);
    expect(newer.stdout).toContain('because agent identity changed');
    expect(newer.stdout).toMatch(/^Plan: 3 to invoke, /m);
    expect(newer.stderr).toContain('note: agent a1: version 1.0.0 → 1.1.0');
    const second = Number(readFileSync(pidFile, 'utf8'));
    expect(second).not.toBe(pid);
    await waitFor(() => !isAlive(second), 5000, 'the served agent to stop');

    // A serve command that fails is said as such, with why (QA167: "did not answer /info").
    const plan = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8'));
    plan.agents.a1.serve.command = 'node no-such-agent.mjs';
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const broken = await runCli(['plan'], { cwd: dir });
    expect(broken.stderr).toMatch(
      /note: agent a1 did not start \(serve a1 exited with code 1 before it was ready; output: .*no-such-agent\.mjs.*\): planned with its identity in evalc\.lock/,
    );
    expect(broken.stderr).not.toContain('did not answer /info');
  });
});
