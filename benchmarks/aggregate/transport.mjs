#!/usr/bin/env node
/**
 * Per-request overhead of the HTTP transport and the RAIP adapter (plain node over dist/:
 * `npm run build` first). The loopback RAIP agent (tests/fixtures/apply-counting-agent.mjs) runs
 * in its own child process, so this process's CPU time is the client's alone. For N requests at
 * concurrency C it measures, from one run each, CPU µs per request (user + sys of this process;
 * steadier than wall time on a shared machine) and requests/s:
 *   - plain:     an undici Pool, JSON.stringify body, `body.json()` (the floor);
 *   - transport: `HttpTransport.requestJson` with the RAIP /invoke body;
 *   - raip:      `createRaipAdapter(...).invoke` (input validation, canonical body, reply checks).
 * With `--baseline DIR` (a dist/ of an earlier commit) transport and raip run there too, in the
 * same process, and the ratios are printed. Lives next to the aggregate benchmark: same purpose
 * (hot spots of `evalc apply`), same before/after convention.
 *
 * usage: node benchmarks/aggregate/transport.mjs [--requests 20000] [--concurrency 64]
 *        [--baseline DIR]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
    baseline: { type: 'string' },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const agentScript = path.join(root, 'tests/fixtures/apply-counting-agent.mjs');

function startAgent() {
  const child = spawn(process.execPath, [agentScript, JSON.stringify({ lean: true })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      buffer += d;
      const nl = buffer.indexOf('\n');
      if (nl === -1) return;
      const { port } = JSON.parse(buffer.slice(0, nl));
      resolve({
        url: `http://127.0.0.1:${port}`,
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

const context = (i) => ({
  runId: 'bench',
  taskId: 't1',
  datasetId: 'd1',
  exampleId: `e${i}`,
  attempt: 0,
  trace: false,
});

/** Runs `send(i)` for i < n at the given concurrency; CPU µs per request and requests/s. */
async function measure(n, send) {
  let next = 0;
  let failures = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < n; i = next++) if (!(await send(i))) failures += 1;
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { usPerRequest: (used.user + used.system) / n, rate: n / seconds, failures };
}

async function plain(url) {
  const pool = new Pool(url, { connections: Math.max(16, concurrency), keepAliveTimeout: 4000 });
  const send = async (i) => {
    const res = await pool.request({
      path: '/invoke',
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ context: context(i), input: { q: `e${i}` } }),
    });
    const reply = await res.body.json();
    return res.statusCode === 200 && reply.output !== undefined;
  };
  await measure(Math.min(2000, total), send);
  const result = await measure(total, send);
  await pool.close();
  return result;
}

async function viaDist(dist, url) {
  const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
  const { HttpTransport } = await load('protocols/http/transport.js');
  const { createRaipAdapter } = await load('protocols/raip/adapter.js');
  const connections = Math.max(16, concurrency);
  const transport = new HttpTransport({ timeoutMs: 30_000, retries: 2, connections });
  const signal = new AbortController().signal;
  const sendTransport = async (i) => {
    const reply = await transport.requestJson({
      method: 'POST',
      url: `${url}/invoke`,
      body: { input: { q: `e${i}` }, context: context(i) },
      signal,
    });
    return reply.ok;
  };
  await measure(Math.min(2000, total), sendTransport);
  const t = await measure(total, sendTransport);
  await transport.close();

  const raipTransport = new HttpTransport({ timeoutMs: 30_000, retries: 2, connections });
  const adapter = createRaipAdapter({ protocol: 'raip', url }, { transport: raipTransport });
  const discovered = await adapter.discover(signal);
  if (!discovered.ok) throw new Error(`discover failed: ${discovered.error.message}`);
  const sendRaip = async (i) => {
    const outcome = await adapter.invoke(
      { q: `e${i}` },
      {
        runId: 'bench',
        taskId: 't1',
        datasetId: 'd1',
        example: { id: `e${i}` },
        repeat: 0,
        trace: false,
        signal,
        log: () => undefined,
      },
    );
    return outcome.ok;
  };
  await measure(Math.min(2000, total), sendRaip);
  const r = await measure(total, sendRaip);
  await adapter.close();
  return { transport: t, raip: r };
}

const agent = await startAgent();
const fmt = (m) =>
  `${m.usPerRequest.toFixed(1).padStart(6)} µs CPU/req ${m.rate.toFixed(0).padStart(6)} req/s` +
  (m.failures > 0 ? ` (${m.failures} failed)` : '');
try {
  process.stdout.write(`requests ${total}, concurrency ${concurrency}, node ${process.version}\n`);
  const floor = await plain(agent.url);
  process.stdout.write(`plain undici         ${fmt(floor)}\n`);
  const dists = [{ name: 'current', dist: path.join(root, 'dist') }];
  if (values.baseline) dists.push({ name: 'baseline', dist: path.resolve(values.baseline) });
  const results = [];
  for (const { name, dist } of dists) {
    const r = await viaDist(dist, agent.url);
    results.push(r);
    process.stdout.write(`${name.padEnd(8)} transport   ${fmt(r.transport)}\n`);
    process.stdout.write(`${name.padEnd(8)} raip invoke ${fmt(r.raip)}\n`);
  }
  if (results.length === 2) {
    const [cur, base] = results;
    process.stdout.write(
      `CPU per request, baseline / current: transport ×${(base.transport.usPerRequest / cur.transport.usPerRequest).toFixed(2)}, ` +
        `raip invoke ×${(base.raip.usPerRequest / cur.raip.usPerRequest).toFixed(2)}\n`,
    );
  }
} finally {
  await agent.stop();
}
