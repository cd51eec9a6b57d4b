/**
 * The hint of a discovery that found nothing listening names the agent's url as evalc.lock records
 * it: `is the agent running at http://user:Passw0rd99@127.0.0.1:…?` printed the password evalc never
 * sends (QA211); a query credential reads `***` there as everywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { applyOneExamplePlan } from '../fixtures/discovery-apply.js';
import { freePort as closedPort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('names the url without its user:password@ and with its query credential masked', async () => {
  const port = await closedPort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa211-discovery-'));
  dirs.push(dir);
  const outcome = await applyOneExamplePlan(
    dir,
    ` { a: { protocol: raip, url: "http://user:Passw0rd99@127.0.0.1:${port}/v1?code=QCode5544xY", limits: { retries: 0 } } }`,
  );
  expect(outcome.status).toBe('refused');
  if (outcome.status !== 'refused') return;
  expect(outcome.message).toContain(`is the agent running at http://127.0.0.1:${port}/v1?code=***?`);
  expect(outcome.message).not.toMatch(/Passw0rd99|QCode5544xY/);
});
