/**
 * The hint of a discovery that found nothing listening names the agent's url as evalc.lock records
 * it: `is the agent running at http://user:Passw0rd99@127.0.0.1:…?` printed the password evalc never
 * sends (QA211); a query credential reads `***` there as everywhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { applyRun, createProgress } from '../../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('names the url without its user:password@ and with its query credential masked', async () => {
  const port = await closedPort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa211-discovery-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "http://user:Passw0rd99@127.0.0.1:${port}/v1?code=QCode5544xY", limits: { retries: 0 } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  );
  const outcome = await applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('quiet', () => {}),
  });
  expect(outcome.status).toBe('refused');
  if (outcome.status !== 'refused') return;
  expect(outcome.message).toContain(`is the agent running at http://127.0.0.1:${port}/v1?code=***?`);
  expect(outcome.message).not.toMatch(/Passw0rd99|QCode5544xY/);
});
