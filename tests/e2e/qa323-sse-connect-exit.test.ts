/**
 * QA323: a mae `sse` agent whose https handshake nothing answers (a TCP server that takes the
 * connection and says nothing), `limits.timeout: 1s`: the turn failed at 1 s, but undici's own 10 s
 * connect timeout held the pending connection, and `evalc apply` sat ~10 s after 'Apply complete'
 * before it exited. The sse connector now gives up at limits.timeout, as the HTTP transport's does;
 * the failure reads 'the connection did not open within 1000 ms (…) (UND_ERR_CONNECT_TIMEOUT)'.
 * Built CLI against a real loopback socket.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SilentTcp, startSilentTcp } from '../fixtures/silent-tcp.js';
import { runCli } from './apply-harness.js';

let silent: SilentTcp;
let port = 0;
const dir = mkdtempSync(join(tmpdir(), 'qa323-sse-'));
beforeAll(async () => {
  silent = await startSilentTcp();
  port = silent.port;
});
afterAll(async () => {
  await silent.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an sse agent whose TLS handshake nothing answers', () => {
  it('fails at limits.timeout and apply exits then, not after undici’s 10 s', async () => {
    writeFileSync(
      join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  m1: { protocol: mae, transport: sse, url: "https://127.0.0.1:${port}/execute_task", limits: { timeout: 1s } }
tasks:
  t:
    bindings:
      default: { input: "{{q}}", output: { answer: final_answer } }
    datasets: { d1: { source: d.jsonl } }
    metrics: [ { type: exact_match, candidate: answer, expected: a } ]
`,
    );
    writeFileSync(join(dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"hi"},"expected":{"a":"x"}}\n');
    const started = Date.now();
    const result = await runCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    const elapsed = Date.now() - started;
    expect(result.stderr + result.stdout).toContain(
      `POST https://127.0.0.1:${port}/execute_task: the connection did not open within 1000 ms (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)`,
    );
    // ~1-2 s now; the old connector kept the process 10 s (generous for a loaded machine)
    expect(elapsed).toBeLessThan(8_500);
  }, 60_000);
});
