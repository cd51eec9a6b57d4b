#!/usr/bin/env node
/**
 * Start-up benchmark: how long `evalc apply` takes from the process start to its first agent
 * request (node start, module init, plan + dataset load, compile, /info discovery, opening the
 * cache), and the wall time of `evalc validate`, at 10,000 and 100,000 JSONL examples.
 *
 * The RAIP agent (tests/fixtures/apply-counting-agent.mjs, 50 ms per reply) runs in this process:
 * it is idle apart from the one /info and the first /invoke, and its clock (`firstAt`) is the one
 * the start time is taken with. Once the first request arrives the apply is killed and its
 * `.evalc/` and lockfile removed, so every run starts from the same empty workspace.
 *
 * With `--base other/dist/evalc.mjs` every measurement alternates between the two builds
 * (A, B, A, B, …) and the medians of each are printed with their ratio: on a shared machine only
 * figures taken in the same run compare. `--full` also runs one complete apply per build at the
 * first size and compares the lockfiles byte for byte (the dataset hashing must not change), all
 * but their last member, `volatile` (measured durations, different in every run).
 *
 * Each build's way of compiling its program is printed first (`NODE_DEBUG=evalc`: the code cache
 * used, rejected, stale or off; a build from before the cache has none).
 *
 * usage: node benchmarks/start-up/run.mjs [--base PATH] [--sizes 10000,100000] [--runs 7]
 *        [--full] [--cpu-prof DIR] [--keep]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBenchWorkspace } from '../bench-workspace.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    cli: { type: 'string' },
    sizes: { type: 'string', default: '10000,100000' },
    runs: { type: 'string', default: '7' },
    full: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builds = [{ name: 'this', cli: path.resolve(values.cli ?? path.join(root, 'dist/evalc.mjs')) }];
if (values.base) builds.push({ name: 'base', cli: path.resolve(values.base) });
for (const b of builds)
  if (!existsSync(b.cli)) {
    process.stderr.write(`missing ${b.cli}: run \`npm run build\` first\n`);
    process.exit(1);
  }
// How each build compiles its program (dist/evalc.code-cache, scripts/code-cache-loader.mjs): a
// build whose cache is missing or stale starts slower for that reason alone, so it is said first.
for (const b of builds) {
  const probe = spawnSync(process.execPath, [b.cli, '--version'], {
    env: { ...env(), NODE_DEBUG: 'evalc' },
    encoding: 'utf8',
  });
  const how = /code cache: .*/.exec(probe.stderr)?.[0] ?? 'no code cache (an ES module bundle)';
  process.stdout.write(`${b.name}: ${b.cli}: ${how}\n`);
}
const sizes = values.sizes.split(',').filter(Boolean).map(Number);
const runs = Number(values.runs);

const { startCountingAgent } = await import(path.join(root, 'tests/fixtures/apply-counting-agent.mjs'));
const agent = await startCountingAgent({ lean: true, delayMs: 50 });

/** The workspace of benchmarks/apply (bench-workspace.mjs) with the 50 ms agent. */
function workspace(n) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-bench-start-up-'));
  writeBenchWorkspace(dir, { n, agentUrl: agent.url });
  return dir;
}

function clean(dir) {
  rmSync(path.join(dir, '.evalc'), { recursive: true, force: true });
  rmSync(path.join(dir, 'evalc.lock'), { force: true });
}

function env() {
  const e = { ...process.env };
  delete e.EVALC_CACHE_DIR;
  return e;
}

function profileArgs(label) {
  return values['cpu-prof']
    ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof'], '--cpu-prof-name', `${label}.cpuprofile`]
    : [];
}

/** Spawns `cli args` in `dir` (stdout ignored); `stderr()` is what it has written there so far. */
function spawnEvalc(cli, label, dir, args) {
  const child = spawn(process.execPath, [...profileArgs(label), cli, ...args], {
    cwd: dir,
    env: env(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr.setEncoding('utf8').on('data', (d) => {
    text += d;
  });
  return { child, stderr: () => text };
}

/** ms from spawning `evalc apply` to the agent's first /invoke; the apply is then killed. */
async function firstRequest(cli, dir, label) {
  clean(dir);
  agent.reset();
  const startedAt = Date.now();
  const { child, stderr } = spawnEvalc(cli, label, dir, ['apply', 'evalc.yaml', '--quiet']);
  const exited = new Promise((resolve) => child.once('close', resolve));
  const first = await new Promise((resolve) => {
    const timer = setInterval(() => {
      const at = agent.stats().firstAt;
      if (at !== 0 || child.exitCode !== null) {
        clearInterval(timer);
        resolve(at);
      }
    }, 1);
  });
  // With --cpu-prof the profile is written on a normal exit only: SIGINT lets apply stop.
  child.kill(values['cpu-prof'] ? 'SIGINT' : 'SIGKILL');
  await exited;
  clean(dir);
  if (first === 0) throw new Error(`apply ended before its first request:\n${stderr()}`);
  return first - startedAt;
}

/** Wall ms of `evalc validate` (exit 0 expected). */
async function validate(cli, dir, label) {
  const started = performance.now();
  const { child, stderr } = spawnEvalc(cli, label, dir, ['validate', 'evalc.yaml']);
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`validate exited ${code}:\n${stderr()}`);
  return performance.now() - started;
}

/** A whole apply; returns the lockfile's bytes. */
async function fullApply(cli, dir) {
  clean(dir);
  const child = spawn(process.execPath, [cli, 'apply', 'evalc.yaml', '--quiet'], {
    cwd: dir,
    env: env(),
    stdio: 'ignore',
  });
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`apply exited ${code}`);
  const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
  clean(dir);
  // `volatile` (measured durations, the last member) differs from run to run by design.
  const cut = lock.indexOf('\n  "volatile": {');
  return cut === -1 ? lock : lock.slice(0, cut);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const rows = [];
for (const n of sizes) {
  const dir = workspace(n);
  for (const [what, measure] of [
    ['first request', firstRequest],
    ['validate', validate],
  ]) {
    const samples = Object.fromEntries(builds.map((b) => [b.name, []]));
    // One warm-up each (file cache), then alternate: A B A B …
    for (const b of builds) await measure(b.cli, dir, `warm-${b.name}-${n}`);
    for (let i = 0; i < runs; i++)
      for (const b of builds)
        samples[b.name].push(await measure(b.cli, dir, `${what.replace(' ', '-')}-${b.name}-${n}-${i}`));
    const row = { n, what, ...Object.fromEntries(builds.map((b) => [b.name, median(samples[b.name])])) };
    rows.push(row);
    process.stdout.write(
      `${String(n).padStart(6)} ${what.padEnd(13)} ${builds
        .map(
          (b) =>
            `${b.name} median ${row[b.name].toFixed(0)} ms [${samples[b.name].map((x) => x.toFixed(0)).join(' ')}]`,
        )
        .join('; ')}${values.base ? `; ratio ${(row.this / row.base).toFixed(2)}` : ''}\n`,
    );
  }
  if (values.full && n === sizes[0]) {
    const locks = [];
    for (const b of builds) locks.push(await fullApply(b.cli, dir));
    const same = locks.every((l) => l === locks[0]);
    process.stdout.write(
      `${String(n).padStart(6)} full apply: lockfiles ${locks.length > 1 ? (same ? 'identical' : 'DIFFER') : `${locks[0].length} characters`} (all but \`volatile\`)\n`,
    );
    if (!same) process.exitCode = 1;
  }
  if (values.keep) process.stdout.write(`workspace kept in ${dir}\n`);
  else rmSync(dir, { recursive: true, force: true });
}
await agent.close();
