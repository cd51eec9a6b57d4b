/**
 * QA245 (QA234's found-not-fixed pair): the lines evalc's notes offer name the plan as the user
 * gave it, and run as printed. After `evalc apply 'a b/evalc.yaml'` a damaged cache entry's note
 * offered `evalc cache prune`, a RAIP agent's new ETag `evalc apply --update-lock` (plan's note and
 * apply's --locked warning), and its new /info name `evalc apply --refresh`: they run ./evalc.yaml,
 * 'no plan in this folder'.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { qa4DatasetPlan } from '../fixtures/qa4-dataset-plan.js';
import { QA4_SCHEMA, startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { assertBuilt, CLI, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

/**
 * The line between the backticks after `before`, run by bash as printed (evalc is the built CLI);
 * asynchronously, as the agent answering it lives in this process.
 */
async function runPrinted(
  text: string,
  before: string,
  cwd: string,
): Promise<{ line: string; code: number; out: string }> {
  const at = text.indexOf(before);
  expect(at, text).toBeGreaterThanOrEqual(0);
  const line = text.slice(at + before.length).split('`')[1] ?? '';
  const script = `evalc() { node ${JSON.stringify(CLI)} "$@"; }\n${line}`;
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ line, code: error ? Number(error.code ?? -1) : 0, out: stdout + stderr }),
    );
  });
}

it("a damaged entry's note offers the prune of the plan and --cache-dir given", async () => {
  const { dir, cleanup } = tempWorkspace('qa245-prune');
  cleanups.push(cleanup);
  expect((await runCli(['init', 'a b'], { cwd: dir })).code).toBe(0);
  const args = ['apply', 'a b/evalc.yaml', '--cache-dir', 'c d'];
  expect((await runCli(args, { cwd: dir })).code).toBe(0);
  const log = path.join(dir, 'c d', 'steps.log');
  const lines = readFileSync(log, 'utf8').split('\n');
  lines[1] = lines[1]!.replace('"', "'");
  writeFileSync(log, lines.join('\n'));
  const again = await runCli([...args, '--refresh'], { cwd: dir });
  expect(again.code, again.stderr).toBe(0);
  const ran = await runPrinted(again.stderr, 'the cache skipped 1 damaged entry (its step runs again; ', dir);
  expect(ran.line).toBe("evalc cache prune 'a b/evalc.yaml' --cache-dir 'c d'");
  expect(ran.code, ran.out).toBe(0);
  const stats = await runCli(['cache', 'stats', 'a b/evalc.yaml', '--cache-dir', 'c d'], { cwd: dir });
  expect(stats.stdout).not.toContain('damaged');
});

it("a new ETag's note (plan) and --locked warning (apply) offer the plan's --update-lock", async () => {
  const agent = await startQa4RaipAgent();
  const { dir, cleanup } = tempWorkspace('qa245-etag');
  cleanups.push(() => agent.close(), cleanup);
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(
    path.join(dir, 'sub', 'd.jsonl'),
    `${JSON.stringify({ id: 'x1', vars: { q: 'x1' }, expected: { a: 'A:x1' } })}\n`,
  );
  const plan = qa4DatasetPlan('qa245-etag', agent.url);
  writeFileSync(path.join(dir, 'sub', 'evalc.yaml'), JSON.stringify(plan));
  const first = await runCli(['apply', 'sub', '--quiet'], { cwd: dir });
  expect(first.code, first.stderr).toBe(0);
  agent.publish(QA4_SCHEMA, '"qa4-v2"');
  const planned = await runCli(['plan', 'sub'], { cwd: dir });
  expect(planned.stderr).toContain('its results are kept (`evalc apply sub --update-lock` pins the new one');
  const locked = await runCli(['apply', 'sub', '--locked'], { cwd: dir });
  expect(locked.code, locked.stderr).toBe(0);
  const ran = await runPrinted(locked.stderr, '--locked keeps the ETag evalc.lock pins (', dir);
  expect(ran.line).toBe('evalc apply sub --update-lock');
  expect(ran.code, ran.out).toBe(0);
  expect(readFileSync(path.join(dir, 'sub', 'evalc.lock'), 'utf8')).toContain('qa4-v2');
});

it("a new /info name's warning offers the plan's --refresh, which pins the new name", async () => {
  const agent = { name: 'advisor-v1' };
  const server = await startLoopback((req, res) => {
    if (req.url === '/info')
      return sendJson(res, 200, { name: agent.name, version: '1.0.0', inputSchema: { type: 'object' } });
    return sendJson(res, 200, { output: { answer: 'x' } });
  });
  const { dir, cleanup } = tempWorkspace('qa245-name');
  cleanups.push(() => server.close(), cleanup);
  mkdirSync(path.join(dir, '-x'));
  writeFileSync(
    path.join(dir, '-x', 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa245-name }
agents: { a1: { protocol: raip, url: "${server.url}", limits: { retries: 0 } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  );
  const first = await runCli(['apply', '--', '-x'], { cwd: dir });
  expect(first.code, first.stderr).toBe(0);
  agent.name = 'advisor-v2';
  const again = await runCli(['apply', '--', '-x'], { cwd: dir });
  expect(again.code, again.stderr).toBe(0);
  const ran = await runPrinted(again.stderr, 'if another agent answers at that address now, ', dir);
  expect(ran.line).toBe('evalc apply ./-x --refresh');
  expect(ran.code, ran.out).toBe(0);
  expect(readFileSync(path.join(dir, '-x', 'evalc.lock'), 'utf8')).toContain('advisor-v2');
});
