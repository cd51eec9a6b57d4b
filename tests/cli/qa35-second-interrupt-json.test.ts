/**
 * QA35: a second Ctrl-C exits apply at once with 130, but under --json the NDJSON stream just
 * stopped after the last `step_started`: no `result` event, the line CI wrappers read for the
 * exit code (DESIGN §6: "--json mirrors them as fields"). Real CLI, real slow RAIP agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, waitCli } from '../e2e/apply-harness.js';
import { useSlowRaipAgent } from '../fixtures/slow-raip-agent.js';

// Answers /invoke after 10 s: every invoke is still in flight when the test interrupts.
const slow = useSlowRaipAgent(() => 10_000);

describe('a second Ctrl-C under --json', () => {
  it('exits 130 at once and ends the stream with an interrupted result event', async () => {
    const ws = slow.workspace('qa35-second-interrupt');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: slow, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${slow.agent.url}" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const child = startCli(['apply', '--json'], { cwd: ws.dir });
    const done = waitCli(child, 15_000);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout?.on('data', (d: Buffer | string) => {
        seen += String(d);
        if (seen.includes('"step_started"')) resolve();
      });
    });
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    const sentAt = Date.now();
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(Date.now() - sentAt).toBeLessThan(3_000);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(last).toMatchObject({ event: 'result', exitCode: 130, status: 'interrupted' });
  });
});
