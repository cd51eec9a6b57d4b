/**
 * The apply end-to-end harness: a temp workspace per test (plan, dataset, cache, lock), the
 * built CLI (`dist/evalc.mjs`, the bundled binary) run as a real child process without blocking the event loop
 * (the loopback agent lives in the test process and must keep answering).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { type CountingAgentOptions, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { readableDist, spawnUnprivileged } from '../fixtures/unprivileged.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(REPO_ROOT, 'dist/evalc.mjs');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ExampleSpec {
  id: string;
  vars: Record<string, unknown>;
  expected?: Record<string, unknown>;
}

export interface PlanSpec {
  agentUrl: string;
  headers?: Record<string, string>;
  limits?: Record<string, unknown>;
  input?: Record<string, unknown>;
  /** Extra bindings by agent id (besides `default`). */
  metrics?: Record<string, unknown>[];
  run?: Record<string, unknown>;
  gates?: Record<string, unknown>[];
  /** A second dataset in the same task, for --only. */
  secondDataset?: boolean;
}

export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
}

export function tempWorkspace(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `evalc-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `n` examples `e0…e{n-1}`; even ids expect the agent's order (list passes), odd ids sorted. */
export function countingExamples(n: number, prefix = 'e'): ExampleSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const q = `${prefix}${i}`;
    const codes = i % 2 === 0 ? [`Z-${q}`, `A-${q}`] : [`A-${q}`, `Z-${q}`];
    return { id: `${prefix}${i}`, vars: { q }, expected: { codes } };
  });
}

export function writeDataset(dir: string, file: string, examples: ExampleSpec[]): void {
  writeFileSync(path.join(dir, file), `${examples.map((e) => JSON.stringify(e)).join('\n')}\n`);
}

/** Writes `evalc.yaml` (JSON is YAML) for the counting agent; returns the plan path. */
export function writePlan(dir: string, spec: PlanSpec): string {
  const datasets: Record<string, unknown> = { d1: { source: 'd1.jsonl' } };
  if (spec.secondDataset) datasets.d2 = { source: 'd2.jsonl' };
  const plan = {
    evalc: 1,
    benchmark: { id: 'counting', version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url: spec.agentUrl,
        ...(spec.headers ? { headers: spec.headers } : {}),
        limits: { concurrency: 4, timeout: '5s', retries: 2, ...spec.limits },
      },
    },
    tasks: {
      t1: {
        bindings: {
          default: {
            input: spec.input ?? { q: '{{q}}' },
            output: { answer: 'output.answer', codes: 'output.codes' },
          },
        },
        datasets,
        metrics: spec.metrics ?? [
          { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' },
        ],
      },
    },
    metrics: [{ type: 'pass_rate' }],
    run: { repeats: 1, seed: 7, bootstrap: 200, ...spec.run },
    ...(spec.gates ? { gates: spec.gates } : {}),
  };
  const file = path.join(dir, 'evalc.yaml');
  writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
  return file;
}

/** Runs the built CLI to completion (async: the event loop keeps serving loopback agents). */
export function runCli(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliResult> {
  const child = startCli(args, options);
  return waitCli(child, options.timeoutMs ?? 60_000);
}

export function startCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): ChildProcess {
  assertBuilt();
  return spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function waitCli(child: ChildProcess, timeoutMs = 60_000): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`evalc did not finish within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * A workspace of `n` counting examples (`d1.jsonl`) and `plan`, applied cold; its lockfile's text.
 * An apply that does not exit 0 throws with its stderr.
 */
export async function appliedWorkspace(
  ctx: { workspace(prefix: string): string },
  prefix: string,
  plan: PlanSpec,
  n = 3,
): Promise<{ dir: string; lock: string }> {
  const dir = ctx.workspace(prefix);
  writeDataset(dir, 'd1.jsonl', countingExamples(n));
  writePlan(dir, plan);
  const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  if (cold.code !== 0) throw new Error(`the cold apply exited ${cold.code}: ${cold.stderr}`);
  return { dir, lock: readLock(dir) };
}

/**
 * The built CLI as an unprivileged user (`nobody` when the tests run as root, from a world-readable
 * copy of dist/), without blocking the loopback agent in this process.
 */
export function runUnprivilegedCli(args: string[], cwd: string): Promise<CliResult> {
  return waitCli(spawnUnprivileged([path.join(readableDist(), 'evalc.mjs'), ...args], cwd), 60_000);
}

export function readLock(dir: string): string {
  return readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
}

export interface LockResultRow {
  group: string;
  example: string;
  invoke: (string | null)[];
  errors?: (string | null)[];
  pass: boolean | null;
  metrics: Record<
    string,
    { score: number | null; pass?: boolean; errors?: number; key?: string; error?: string }
  >;
}

export function lockResults(dir: string): LockResultRow[] {
  return (JSON.parse(readLock(dir)) as { results: LockResultRow[] }).results;
}

/** Polls `check` every few ms until it is true (or fails after `timeoutMs`). */
export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * A lockfile's text with the measured durations blanked: DESIGN.md §5 keeps volatile figures
 * in `volatile`, which differs between two live runs (never between a run and its cached
 * re-apply). Every other byte is compared.
 */
export function withoutDurations(lock: string): string {
  return lock.replace(/("durationMs(?:Mean|P50)": )\d+/g, '$1<ms>');
}

/**
 * One loopback agent for a test file (started before its tests, closed after) and temp
 * workspaces removed with it: `const ctx = useAgent(startX); … ctx.agent … ctx.workspace('x')`.
 */
export function useAgent<A extends { close(): Promise<void> }>(
  start: () => Promise<A>,
): { readonly agent: A; workspace(prefix: string): string } {
  let agent: A | undefined;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    assertBuilt();
    agent = await start();
  });
  afterAll(async () => {
    await agent?.close();
    for (const c of cleanups) c();
  });
  return {
    get agent() {
      if (!agent) throw new Error('the agent starts in beforeAll');
      return agent;
    },
    workspace(prefix) {
      const ws = tempWorkspace(prefix);
      cleanups.push(ws.cleanup);
      return ws.dir;
    },
  };
}

/** `useAgent` with the counting agent (tests/fixtures/apply-counting-agent.mjs). */
export function useCountingAgent(options: CountingAgentOptions = {}) {
  return useAgent(() => startCountingAgent(options));
}
