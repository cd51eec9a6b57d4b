#!/usr/bin/env node
/**
 * Apply benchmark (plain node over dist/: `npm run build` first). A loopback RAIP agent
 * (tests/fixtures/apply-counting-agent.mjs) runs in its own child process so it never shares
 * an event loop with evalc or with the baseline client. For each size N it reports, from one
 * run each:
 *   - cold `evalc apply`: examples/s over the whole command (start to exit) and over the
 *     invoke phase as the agent saw it (first request → last reply);
 *   - a plain undici client sending the same /invoke requests at the same concurrency to the
 *     same agent (baseline), and the ratio cold/baseline;
 *   - the wall time of a fully cached re-apply, and the peak RSS of each apply process
 *     (/usr/bin/time -v, else the child's own resourceUsage is not available: reported as "?").
 *   - CPU time per example (user+sys) of the apply process and of the plain client: on a shared
 *     machine wall-clock rates swing with other load, CPU per example does not.
 * Then an agent that takes 50 ms: N examples at concurrency 64 vs the ideal N × 0.05 / 64 s,
 * with the plain client on the same agent for comparison.
 *
 * Goals: cold ≥ 50% of the plain-client rate; cached re-apply of 100k under 3 s; peak RSS under
 * 500 MB at 100k; the 50 ms agent within 10% of ideal.
 *
 * usage: node benchmarks/apply/run.mjs [--sizes 10000,100000] [--concurrency 64]
 *        [--slow-examples 10000] [--skip-slow] [--keep] [--cpu-prof DIR] [--node-flags='--flag …']
 *        [--cli other/dist/evalc.mjs] (another build, for A/B runs)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { writeBenchWorkspace } from '../bench-workspace.mjs';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    concurrency: { type: 'string', default: '64' },
    'slow-examples': { type: 'string', default: '10000' },
    'skip-slow': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    cli: { type: 'string' },
  },
});
// `--sizes ''` skips the fast-agent runs (only the 50 ms agent's).
const sizes = values.sizes === '' ? [] : values.sizes.split(',').map(Number);
const concurrency = Number(values.concurrency);
const slowExamples = Number(values['slow-examples']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = values.cli ? path.resolve(values.cli) : path.join(root, 'dist/evalc.mjs');
const agentScript = path.join(root, 'tests/fixtures/apply-counting-agent.mjs');
if (!existsSync(cli)) {
  process.stderr.write(`missing ${cli}: run \`npm run build\` first\n`);
  process.exit(1);
}
const useTime = existsSync('/usr/bin/time');

/** Starts the agent child; resolves with its URL and a stop function. */
function startAgent(options) {
  const child = spawn(process.execPath, [agentScript, JSON.stringify({ lean: true, ...options })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      buffer += d;
      const nl = buffer.indexOf('\n');
      if (nl === -1) return;
      const { port } = JSON.parse(buffer.slice(0, nl));
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        stats: async () => (await fetch(`${url}/__stats`)).json(),
        reset: async () => (await fetch(`${url}/__reset`, { method: 'POST' })).json(),
        stop: () =>
          new Promise((r) => {
            child.once('close', r);
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('error', reject);
  });
}

function workspace(n, agentUrl, conc) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-bench-apply-'));
  writeBenchWorkspace(dir, { n, agentUrl, concurrency: conc });
  return dir;
}

/** Runs `evalc apply` in `dir`; wall seconds, exit code, peak RSS (MB). */
function apply(dir, label) {
  const nodeArgs = values['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof'], '--cpu-prof-name', `${label}.cpuprofile`]
    : [];
  const extra = values['node-flags'].split(' ').filter(Boolean);
  const args = [...extra, ...nodeArgs, cli, 'apply', 'evalc.yaml', '--quiet'];
  const [cmd, argv] = useTime
    ? ['/usr/bin/time', ['-v', process.execPath, ...args]]
    : [process.execPath, args];
  const started = performance.now();
  const startedAt = Date.now();
  const child = spawn(cmd, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d) => {
    stdout += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
      const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
      const cpuSeconds = user && sys ? Number(user[1]) + Number(sys[1]) : undefined;
      resolve({
        seconds,
        startedAt,
        endedAt: Date.now(),
        code,
        rssMb: rss ? Number(rss[1]) / 1024 : undefined,
        cpuSeconds,
        stderr,
        stdout,
      });
    });
  });
}

/** The baseline: the same POST /invoke bodies at the same concurrency, undici Pool, no evalc. */
async function plainClient(url, n, conc) {
  const pool = new Pool(url, { connections: Math.max(16, conc), keepAliveTimeout: 4000 });
  let next = 0;
  let failures = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < n; i = next++) {
      const q = `e${i}`;
      const body = JSON.stringify({
        context: { attempt: 0, datasetId: 'd1', exampleId: q, runId: 'plain', taskId: 't1', trace: false },
        input: { q },
      });
      const res = await pool.request({
        path: '/invoke',
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body,
      });
      const reply = await res.body.json();
      if (res.statusCode !== 200 || !reply.output) failures++;
    }
  };
  await Promise.all(Array.from({ length: conc }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await pool.close();
  return { seconds, failures, cpuSeconds: (used.user + used.system) / 1e6 };
}

const fmt = (x, d = 0) => (x === undefined ? '?' : x.toFixed(d));
const rows = [];
const say = (line) => process.stdout.write(`${line}\n`);
say(
  `evalc apply benchmark — node ${process.version}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, concurrency ${concurrency}`,
);

const fast = await startAgent({});
try {
  for (const n of sizes) {
    const dir = workspace(n, fast.url, concurrency);
    try {
      await fast.reset();
      const cold = await apply(dir, `cold-${n}`);
      const agentStats = await fast.stats();
      if (cold.code !== 0 || agentStats.invokes !== n)
        throw new Error(
          `cold apply failed (exit ${cold.code}, ${agentStats.invokes} invokes)\n${cold.stderr}`,
        );
      const invokeSeconds = (agentStats.lastAt - agentStats.firstAt) / 1000;
      await fast.reset();
      const cached = await apply(dir, `cached-${n}`);
      const cachedStats = await fast.stats();
      if (cached.code !== 0 || cachedStats.invokes !== 0)
        throw new Error(`cached apply failed (exit ${cached.code}, ${cachedStats.invokes} invokes)`);
      await fast.reset();
      const plain = await plainClient(fast.url, n, concurrency);
      const coldRate = n / cold.seconds;
      const phaseRate = n / invokeSeconds;
      const plainRate = n / plain.seconds;
      const row = {
        n,
        coldSeconds: cold.seconds,
        coldRate,
        invokePhaseRate: phaseRate,
        plainRate,
        ratio: coldRate / plainRate,
        phaseRatio: phaseRate / plainRate,
        cachedSeconds: cached.seconds,
        coldRssMb: cold.rssMb,
        cachedRssMb: cached.rssMb,
        plainFailures: plain.failures,
        coldCpuUs: cold.cpuSeconds === undefined ? undefined : (cold.cpuSeconds / n) * 1e6,
        cachedCpuUs: cached.cpuSeconds === undefined ? undefined : (cached.cpuSeconds / n) * 1e6,
        plainCpuUs: (plain.cpuSeconds / n) * 1e6,
      };
      rows.push(row);
      say(
        `N=${n}: cold apply ${fmt(cold.seconds, 1)} s = ${fmt(coldRate)} ex/s (invoke phase ${fmt(phaseRate)} ex/s); ` +
          `plain undici ${fmt(plain.seconds, 1)} s = ${fmt(plainRate)} req/s; ratio ${fmt(row.ratio * 100)}% ` +
          `(invoke phase ${fmt(row.phaseRatio * 100)}%); cached re-apply ${fmt(cached.seconds, 2)} s; ` +
          `peak RSS cold ${fmt(cold.rssMb)} MB, cached ${fmt(cached.rssMb)} MB`,
      );
      say(
        `  CPU per example (user+sys, load-independent): cold apply ${fmt(row.coldCpuUs)} µs, ` +
          `plain client ${fmt(row.plainCpuUs)} µs, cached re-apply ${fmt(row.cachedCpuUs)} µs`,
      );
    } finally {
      if (!values.keep) rmSync(dir, { recursive: true, force: true });
      else say(`  kept ${dir}`);
    }
  }
} finally {
  await fast.stop();
}

let slowRow;
if (!values['skip-slow']) {
  const slow = await startAgent({ delayMs: 50 });
  const dir = workspace(slowExamples, slow.url, 64);
  try {
    const run = await apply(dir, `slow-${slowExamples}`);
    const stats = await slow.stats();
    if (run.code !== 0 || stats.invokes !== slowExamples) throw new Error(`slow apply failed\n${run.stderr}`);
    const ideal = (slowExamples * 0.05) / 64;
    const phase = (stats.lastAt - stats.firstAt) / 1000;
    await slow.reset();
    const plain = await plainClient(slow.url, slowExamples, 64);
    const plainStats = await slow.stats();
    slowRow = { n: slowExamples, seconds: run.seconds, phase, ideal };
    say(
      `50 ms agent, N=${slowExamples}, concurrency 64: apply ${fmt(run.seconds, 2)} s (invoke phase ${fmt(phase, 2)} s) ` +
        `vs ideal ${fmt(ideal, 2)} s: ${fmt((run.seconds / ideal - 1) * 100, 1)}% over (invoke phase ${fmt((phase / ideal - 1) * 100, 1)}%); ` +
        `plain undici on the same agent ${fmt(plain.seconds, 2)} s (${fmt((plain.seconds / ideal - 1) * 100, 1)}% over); ` +
        `apply CPU ${fmt(run.cpuSeconds, 2)} s`,
    );
    say(
      `  the command: first request ${fmt(stats.firstAt - run.startedAt)} ms after it started; exit ${fmt(run.endedAt - stats.lastAt)} ms after the last reply`,
    );
    const ta = (t) => (t ? `mean ${t.mean} ms, p50 ${t.p50}, p90 ${t.p90}, p99 ${t.p99}` : '?');
    say(
      `  client turnaround (reply sent → next request on that connection, as the agent saw it): apply ${ta(stats.turnaroundMs)}; plain ${ta(plainStats.turnaroundMs)}`,
    );
  } finally {
    await slow.stop();
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

say('\ngoals:');
for (const r of rows) {
  say(
    `  N=${r.n}: cold ≥ 50% of plain client: ${r.ratio >= 0.5 ? 'met' : 'MISSED'} (${fmt(r.ratio * 100)}%)`,
  );
  if (r.n >= 100000) {
    say(
      `  N=${r.n}: cached re-apply < 3 s: ${r.cachedSeconds < 3 ? 'met' : 'MISSED'} (${fmt(r.cachedSeconds, 2)} s)`,
    );
    const peak = Math.max(r.coldRssMb ?? 0, r.cachedRssMb ?? 0);
    say(
      `  N=${r.n}: peak RSS < 500 MB: ${r.coldRssMb === undefined ? '?' : peak < 500 ? 'met' : 'MISSED'} (${fmt(peak)} MB)`,
    );
  }
}
if (slowRow)
  say(
    `  50 ms agent within 10% of ideal: ${slowRow.seconds <= slowRow.ideal * 1.1 ? 'met' : 'MISSED'} (${fmt((slowRow.seconds / slowRow.ideal - 1) * 100, 1)}% over)`,
  );
