/**
 * Secrets: `headers: { authorization: "Bearer ${env.SECRET_TOKEN}" }` reaches the agent and
 * nothing evalc writes or prints: not the lockfile, not a file under .evalc/ (cache, logs,
 * reports), not stdout or stderr, in any output mode.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  type CliResult,
  countingExamples,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const TOKEN = 'tok-7f3a9c1e-evalc-S3CRET-5d21';
const env = { SECRET_TOKEN: TOKEN };
const cleanups: (() => void)[] = [];
let plainAgent: CountingAgent;
let echoAgent: CountingAgent;

beforeAll(async () => {
  assertBuilt();
  plainAgent = await startCountingAgent();
  // Echoes the authorization header in every output and in its 422 error bodies.
  echoAgent = await startCountingAgent({
    echoAuth: true,
    faults: { seed: 3, rates: { '422': 0.3 } },
  });
});
afterAll(async () => {
  await plainAgent.close();
  await echoAgent.close();
  for (const c of cleanups) c();
});

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...filesUnder(file));
    else out.push(file);
  }
  return out;
}

/** Every place the token must not be: returns the files/streams that contain it. */
function leaks(dir: string, runs: CliResult[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    if (path.basename(file).endsWith('.jsonl') || path.basename(file) === 'evalc.yaml') continue;
    if (readFileSync(file).includes(TOKEN)) found.push(path.relative(dir, file));
  }
  runs.forEach((r, i) => {
    if (r.stdout.includes(TOKEN)) found.push(`run ${i} stdout`);
    if (r.stderr.includes(TOKEN)) found.push(`run ${i} stderr`);
  });
  return found;
}

async function applyEverything(agent: CountingAgent, n: number) {
  const ws = tempWorkspace('secrets');
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n));
  writePlan(ws.dir, {
    agentUrl: agent.url,
    headers: { authorization: 'Bearer ${env.SECRET_TOKEN}' },
    run: { trace: true },
  });
  agent.reset();
  const runs = [
    await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir, env }),
    await runCli(['apply', 'evalc.yaml', '--json', '--refresh'], { cwd: ws.dir, env }),
    await runCli(['plan', 'evalc.yaml', '--json'], { cwd: ws.dir, env }),
    await runCli(['cache', 'stats', 'evalc.yaml'], { cwd: ws.dir, env }),
    await runCli(['report', '--from', 'evalc.lock', '--format', 'html'], { cwd: ws.dir, env }),
  ];
  return { dir: ws.dir, runs };
}

describe('evalc apply keeps header secrets out of everything it writes', () => {
  it('sends the token to the agent and writes it nowhere', async () => {
    const { dir, runs } = await applyEverything(plainAgent, 6);
    expect(runs[0]!.code).toBe(0);
    expect(plainAgent.stats().authorization).toEqual([`Bearer ${TOKEN}`]);
    expect(filesUnder(path.join(dir, '.evalc')).length).toBeGreaterThan(3);
    expect(leaks(dir, runs)).toEqual([]);
  });

  it('does not store the token when a careless agent echoes it in outputs and errors', async () => {
    const { dir, runs } = await applyEverything(echoAgent, 10);
    expect(runs[0]!.code).toBe(0);
    expect(echoAgent.stats().authorization).toEqual([`Bearer ${TOKEN}`]);
    expect(echoAgent.stats().statuses['422']).toBeGreaterThan(0);
    expect(leaks(dir, runs)).toEqual([]);
  });
});
