#!/usr/bin/env node
/**
 * Compile benchmark: generates a plan of 100,000 examples × 2 agents × 3 metrics in a temp
 * folder and runs `evalc plan` on it as a child process (from dist/, so `npm run build` first),
 * reporting wall time and peak memory against the goal: under 5 s and under 600 MB.
 *
 * usage: node benchmarks/compile/run.mjs [--examples N] [--runs N] [--keep]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const GOAL_SECONDS = 5;
const GOAL_MB = 600;

const { values } = parseArgs({
  options: {
    examples: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const examples = Number(values.examples);
const runs = Number(values.runs);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'dist/evalc.mjs');
if (!existsSync(cli)) {
  process.stderr.write(`missing ${cli}: run \`npm run build\` first\n`);
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-bench-compile-'));
// Agent URLs point at ports nothing listens on: `plan` checks RAIP inputs against a live /info
// when one answers, and another process on a fixed port would change what is measured.
writePlan(dir, examples, await closedPort(), await closedPort());

const useTime = existsSync('/usr/bin/time');
const results = [];
for (let i = 0; i < runs; i++) results.push(runOnce());
if (!values.keep) rmSync(dir, { recursive: true, force: true });
else process.stdout.write(`plan kept in ${dir}\n`);

const best = [...results].sort((a, b) => a.seconds - b.seconds)[0];
const peak = Math.max(...results.map((r) => r.peakMb));
process.stdout.write(
  [
    `evalc plan: ${examples.toLocaleString('en')} examples × 2 agents × 3 metrics (${runs} runs)`,
    `  wall time: ${results.map((r) => r.seconds.toFixed(2)).join(' s, ')} s  (best ${best.seconds.toFixed(2)} s; goal < ${GOAL_SECONDS} s: ${(best.seconds / GOAL_SECONDS).toFixed(2)}× of budget)`,
    `  CPU time:  ${results.map((r) => r.cpuSeconds.toFixed(2)).join(' s, ')} s  (user + sys; less sensitive to other load on the machine)`,
    `  peak RSS:  ${results.map((r) => r.peakMb.toFixed(0)).join(' MB, ')} MB  (max ${peak.toFixed(0)} MB; goal < ${GOAL_MB} MB: ${(peak / GOAL_MB).toFixed(2)}× of budget; measured with ${useTime ? '/usr/bin/time -v' : 'process.resourceUsage of the parent'})`,
    `  exit code: ${results.map((r) => r.status).join(', ')} (2 = plan has work)`,
    `  result: ${best.seconds < GOAL_SECONDS && peak < GOAL_MB ? 'meets the goal' : 'MISSES the goal'}`,
    '',
  ].join('\n'),
);

function runOnce() {
  const args = [cli, 'plan', path.join(dir, 'evalc.yaml'), '--cache-dir', path.join(dir, 'cache')];
  const start = process.hrtime.bigint();
  const child = useTime
    ? spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (child.status !== 2 && child.status !== 0) {
    process.stderr.write(`${child.stdout.slice(0, 2000)}\n${child.stderr.slice(-4000)}`);
    throw new Error(`evalc plan exited with ${child.status}`);
  }
  let peakMb;
  let cpuSeconds = Number.NaN;
  if (useTime) {
    const user = /User time \(seconds\): ([\d.]+)/.exec(child.stderr);
    const sys = /System time \(seconds\): ([\d.]+)/.exec(child.stderr);
    if (user && sys) cpuSeconds = Number(user[1]) + Number(sys[1]);
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr);
    peakMb = match ? Number(match[1]) / 1024 : Number.NaN;
  } else {
    // maxRSS of the children is not separable here; the parent's own figure is a lower bound.
    peakMb = process.resourceUsage().maxRSS / 1024;
  }
  return { seconds, cpuSeconds, peakMb, status: child.status, stdout: child.stdout };
}

/** A loopback port that was free a moment ago (bound, then released). */
function closedPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function writePlan(folder, n, port1, port2) {
  mkdirSync(path.join(folder, 'datasets'), { recursive: true });
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(
      JSON.stringify({
        id: `e${i}`,
        vars: { user_query: `question number ${i} about topic ${i % 97}`, k: (i % 5) + 1 },
        expected: { codes: [`C${i % 1000}`], answer: `answer ${i % 13}` },
      }),
    );
  }
  writeFileSync(path.join(folder, 'datasets', 'big.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(
    path.join(folder, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: bench, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:${port1} }
  a2: { protocol: chat, url: http://127.0.0.1:${port2}/agent/respond }
tasks:
  search:
    instructions: "Find courses."
    bindings:
      default:
        input: { query: "{{user_query}}", k: "{{k}}" }
        output: { answer: "output.answer", codes: "output.courses[].code" }
      a2:
        input: { messages: [{ role: user, content: "Find {{k}} courses about {{user_query}}" }] }
        output: { answer: "messages[-1].content", codes: "messages[-1].codes" }
    datasets:
      big: { source: datasets/big.jsonl }
    metrics:
      - { type: exact_match, candidate: codes, expected: codes, mode: set, threshold: 1 }
      - { type: contains, candidate: answer, expected: answer }
metrics:
  - { type: pass_rate }
`,
  );
}
