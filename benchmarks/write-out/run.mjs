#!/usr/bin/env node
/**
 * Write-out benchmark: what `evalc apply` does after its last agent reply — aggregate, write
 * evalc.lock, read the report sources back from the cache, write the four reports — timed on the
 * real lock and cache of an N-example workspace (plain node over dist/: `npm run build` first).
 *
 * 1. Makes one workspace per size (the lean counting agent, tests/fixtures/apply-counting-agent.mjs,
 *    answering at once) and runs one cold `evalc apply` there (cache, lock and reports filled).
 * 2. Times, in a fresh child process per measurement (the apply runs this code once, cold JIT):
 *    `aggregate` (its input rebuilt from the lock rows), `writeLockFile`, `reportSources`,
 *    `writeReportFiles` and `reportStamp`, each in CPU time (process.cpuUsage) and wall time. With `--base DIR` (a
 *    checkout with a dist/ built from an earlier commit) the two builds run alternately, and the
 *    medians of both are printed with their ratio.
 * 3. Checks that each build's files are byte-identical to the apply's own (evalc.lock and the four
 *    reports) — exit 1 if not.
 * 4. `--apply K`: K more cold applies per build and size on fresh workspaces (alternating), each
 *    with `--cpu-prof`: the write-out phase is the profile from the first sample in
 *    `aggregateAndGate` to its end (wall; and its non-idle samples, ≈ main-thread CPU); plus the
 *    whole command's wall, CPU and peak RSS (`/usr/bin/time -v`).
 *
 * `--mixed`: 10% of the examples fail their exact_match and 1% of the requests fail (a 400), so
 * the failure paths (details, junit failures and errors, report.md's failing lines) are written too.
 *
 * usage: node benchmarks/write-out/run.mjs [--sizes 10000,100000] [--rounds 7] [--base DIR]
 *        [--new DIR] [--apply 0] [--keep] [--mixed]
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeBenchWorkspace } from '../bench-workspace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTS = ['evalc.lock', 'junit.xml', 'report.html', 'report.json', 'report.md'];

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      rounds: { type: 'string', default: '7' },
      base: { type: 'string' },
      new: { type: 'string', default: root },
      apply: { type: 'string', default: '0' },
      keep: { type: 'boolean', default: false },
      mixed: { type: 'boolean', default: false },
    },
  });
  const builds = [{ name: 'new', dir: path.resolve(values.new) }];
  if (values.base) builds.unshift({ name: 'base', dir: path.resolve(values.base) });
  const rounds = Number(values.rounds);
  const applies = Number(values.apply);
  const sizes = values.sizes.split(',').filter(Boolean).map(Number);
  const agent = await startAgent(values.mixed);
  const temp = mkdtempSync(path.join(os.tmpdir(), 'evalc-write-out-'));
  let identical = true;
  try {
    console.log(`builds: ${builds.map((b) => `${b.name}=${b.dir}`).join(', ')}; load ${os.loadavg()[0]}`);
    for (const n of sizes) {
      const ws = makeWorkspace(temp, `ws-${n}`, n, agent.port, values.mixed);
      const cold = applyOnce(builds.at(-1).dir, ws, []);
      if (cold.status !== 0) throw new Error(`cold apply failed: ${cold.stderr}`);
      console.log(`\nN=${n}: cold apply (${builds.at(-1).name}) ${cold.wall.toFixed(2)} s`);
      const runs = Object.fromEntries(builds.map((b) => [b.name, []]));
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? builds : [...builds].reverse();
        for (const b of order) {
          const out = path.join(temp, `out-${n}-${b.name}`);
          rmSync(out, { recursive: true, force: true });
          runs[b.name].push(measure(b.dir, ws, out));
        }
      }
      printTable(runs, builds);
      for (const b of builds) {
        const out = path.join(temp, `out-${n}-${b.name}`);
        const diff = REPORTS.filter((f) => !sameBytes(ownFile(ws, f), path.join(out, f)));
        if (diff.length > 0) identical = false;
        console.log(
          `  ${b.name}: files ${diff.length === 0 ? 'byte-identical to the apply’s' : `DIFFER: ${diff.join(', ')}`}`,
        );
      }
      for (let r = 0; r < applies; r++) {
        const order = r % 2 === 0 ? builds : [...builds].reverse();
        for (const b of order) {
          const fresh = makeWorkspace(temp, `apply-${n}-${b.name}-${r}`, n, agent.port, values.mixed);
          const prof = path.join(fresh, 'prof');
          const res = applyOnce(b.dir, fresh, ['--cpu-prof', `--cpu-prof-dir=${prof}`]);
          const tail = profileTail(prof);
          console.log(
            `  apply ${b.name}: whole ${res.wall.toFixed(2)} s wall, ${res.cpu.toFixed(2)} s CPU, peak RSS ${res.rssMb} MB; write-out ${tail.wall.toFixed(0)} ms wall, ${tail.busy.toFixed(0)} ms busy (profiled)`,
          );
          if (!values.keep) rmSync(fresh, { recursive: true, force: true });
        }
      }
    }
  } finally {
    agent.stop();
    if (values.keep) console.log(`kept ${temp}`);
    else rmSync(temp, { recursive: true, force: true });
  }
  if (!identical) process.exitCode = 1;
}

/** `mixed`: 1% of the requests get a 400 (an invoke error, not retried). */
function startAgent(mixed) {
  const options = mixed ? { lean: true, faults: { seed: 3, rates: { 400: 0.01 } } } : { lean: true };
  const proc = spawn(
    process.execPath,
    [path.join(root, 'tests/fixtures/apply-counting-agent.mjs'), JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve) => {
    proc.stdout.once('data', (d) => {
      const { port } = JSON.parse(String(d).split('\n')[0]);
      resolve({ port, stop: () => proc.kill() });
    });
  });
}

/** The workspace of benchmarks/apply (bench-workspace.mjs); `mixed`: every tenth example fails. */
function makeWorkspace(temp, name, n, port, mixed = false) {
  const dir = path.join(temp, name);
  mkdirSync(dir, { recursive: true });
  writeBenchWorkspace(dir, { n, agentUrl: `http://127.0.0.1:${port}`, mixed });
  return dir;
}

function applyOnce(buildDir, ws, flags) {
  const started = performance.now();
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-v',
      process.execPath,
      ...flags,
      path.join(buildDir, 'dist/evalc.mjs'),
      'apply',
      'evalc.yaml',
      '--quiet',
    ],
    { cwd: ws, encoding: 'utf8', maxBuffer: 1e9 },
  );
  const wall = (performance.now() - started) / 1000;
  const num = (re) => Number(re.exec(r.stderr)?.[1] ?? Number.NaN);
  return {
    status: r.status,
    stderr: r.stderr.slice(-2000),
    wall,
    cpu: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/),
    rssMb: Math.round(num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024),
  };
}

/** The profile from the first sample inside `aggregateAndGate` to its end: wall and non-idle ms. */
function profileTail(dir) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const p = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const parent = new Map();
  for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const inPhase = new Map();
  const within = (id) => {
    if (inPhase.has(id)) return inPhase.get(id);
    const node = byId.get(id);
    const yes =
      node.callFrame.functionName === 'aggregateAndGate' || (parent.has(id) && within(parent.get(id)));
    inPhase.set(id, yes);
    return yes;
  };
  let start = p.samples.findIndex((id) => within(id));
  if (start === -1) start = p.samples.length;
  let wall = 0;
  let busy = 0;
  for (let i = start; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    wall += dt;
    if (byId.get(p.samples[i]).callFrame.functionName !== '(idle)') busy += dt;
  }
  return { wall, busy };
}

function measure(buildDir, ws, out) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', buildDir, ws, out], {
    encoding: 'utf8',
    maxBuffer: 1e8,
  });
  if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const PHASES = ['aggregate', 'writeLockFile', 'reportSources', 'writeReportFiles', 'reportStamp', 'total'];

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function printTable(runs, builds) {
  const cell = (b, phase, field) => median(runs[b.name].map((m) => m[phase][field]));
  const head = builds.map((b) => `${b.name} cpu / wall ms`.padStart(22)).join('');
  console.log(`  ${'phase (median)'.padEnd(18)}${head}${builds.length === 2 ? '   new/base cpu' : ''}`);
  for (const phase of PHASES) {
    const cols = builds
      .map((b) => `${cell(b, phase, 'cpu').toFixed(1)} / ${cell(b, phase, 'wall').toFixed(1)}`.padStart(22))
      .join('');
    const ratio =
      builds.length === 2
        ? `   ${(cell(builds[1], phase, 'cpu') / cell(builds[0], phase, 'cpu')).toFixed(2)}`
        : '';
    console.log(`  ${phase.padEnd(18)}${cols}${ratio}`);
  }
  for (const b of builds)
    console.log(
      `  ${b.name}: peak RSS of the child ${median(runs[b.name].map((m) => m.rssMb))} MB (median of ${runs[b.name].length})`,
    );
}

function ownFile(ws, name) {
  return name === 'evalc.lock' ? path.join(ws, name) : path.join(ws, '.evalc/reports', name);
}

function sameBytes(a, b) {
  return readFileSync(a).equals(readFileSync(b));
}

/** One measurement in a fresh process: the lock and cache loaded first (the apply has them open). */
async function child(buildDir, ws, out) {
  const dist = path.join(buildDir, 'dist');
  const url = (file) => pathToFileURL(path.join(dist, file)).href;
  const { readLockFile, writeLockFile } = await import(url('lockfile/serialize.js'));
  const { LogStore } = await import(url('executor/cache-store.js'));
  const { reportSources } = await import(url('executor/trajectories.js'));
  const { writeReportFiles } = await import(url('executor/write-reports.js'));
  const { aggregate } = await import(url('metrics/aggregate.js'));
  const upToDate = await import(url('executor/up-to-date.js'));
  const read = readLockFile(path.join(ws, 'evalc.lock'));
  if (!read.ok) throw new Error(read.message);
  const lock = read.lock;
  const store = new LogStore(path.join(ws, '.evalc/cache'), { readOnly: true });
  const input = aggregateInput(lock);
  mkdirSync(out, { recursive: true });
  const figures = {};
  const time = (phase, f) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const value = f();
    const used = process.cpuUsage(cpu);
    figures[phase] = { cpu: (used.user + used.system) / 1000, wall: performance.now() - started };
    return value;
  };
  time('aggregate', () => aggregate(input));
  // As apply writes it: rows already key-sorted (the lock read back is), a digest fed the bytes
  // for the report stamp (builds before that option read the lockfile back: `reportStamp`).
  const lockFile = path.join(out, 'evalc.lock');
  const lockHash = createHash('sha256');
  time('writeLockFile', () => writeLockFile(lockFile, lock, { resultsSorted: true, hash: lockHash }));
  // As apply reads them: its own lock's rows are not checked for a later run's answers (builds
  // since QA355 take `{ ownRun: true }`; an earlier build's third parameter was a number).
  const ownRun = readFileSync(path.join(dist, 'executor/trajectories.js'), 'utf8').includes('ownRun');
  const sources = time('reportSources', () =>
    ownRun ? reportSources(lock, store, { ownRun: true }) : reportSources(lock, store),
  );
  store.close();
  time('writeReportFiles', () => writeReportFiles(out, { lock, ...sources, reportsPath: '.evalc/reports' }));
  time('reportStamp', () =>
    upToDate.finishReportStamp
      ? upToDate.finishReportStamp(lockHash, undefined)
      : upToDate.reportStamp(lockFile, undefined),
  );
  figures.total = { cpu: 0, wall: 0 };
  for (const phase of PHASES.slice(0, -1)) {
    figures.total.cpu += figures[phase].cpu;
    figures.total.wall += figures[phase].wall;
  }
  figures.rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify(figures));
}

/** The aggregation input `collect()` builds, rebuilt from the lock's rows (one repeat each here). */
function aggregateInput(lock) {
  const tasks = new Map();
  for (const row of lock.results) {
    const g = lock.groups[row.group];
    let task = tasks.get(g.task);
    if (!task) {
      const metrics = Object.entries(g.metrics).map(([id, m]) => {
        const { type: _type, ...params } = m.config;
        return { id, type: m.type, params };
      });
      task = { id: g.task, weight: g.taskWeight, metrics, datasets: [] };
      tasks.set(g.task, task);
    }
    let dataset = task.datasets.find((d) => d.id === g.dataset);
    if (!dataset) {
      dataset = { id: g.dataset, weight: g.datasetWeight, agents: {} };
      task.datasets.push(dataset);
    }
    dataset.agents[g.agent] ??= [];
    const metrics = {};
    for (const [id, m] of Object.entries(row.metrics))
      metrics[id] = {
        score: m.score,
        ...(m.value === undefined ? {} : { value: m.value }),
        ...(m.pass === undefined ? {} : { pass: m.pass }),
        errors: m.errors ?? 0,
      };
    dataset.agents[g.agent].push({
      example: row.example,
      weight: row.weight,
      invokeErrors: (row.errors ?? []).filter((e) => e !== null).length,
      repeats: row.invoke.length,
      metrics,
    });
  }
  return {
    benchmark: lock.plan.benchmark.id,
    tasks: [...tasks.values()],
    bootstrap: { seed: lock.run.seed, resamples: lock.run.bootstrap },
  };
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4], process.argv[5]);
else await main();
