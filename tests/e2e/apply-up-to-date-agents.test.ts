/**
 * What a re-apply leaves alone. With an up-to-date evalc.lock and no RAIP agent to ask `/info`,
 * apply starts no agent (a served agent's process and readiness wait are skipped). And
 * `.evalc/logs/run.log` is the last run's: a run that logged nothing removes an earlier run's. An
 * agent that reports no token usage has no tokens figure in the lock's volatile section.
 * Real CLI, a served Connexity chat agent and a local mae agent (node scripts in the workspace).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { runCli, useAgent } from './apply-harness.js';

const ctx = useAgent(async () => ({ close: async () => {} }));

/** A chat agent that appends a line to `starts.log` each time its process starts. */
const CHAT_AGENT = `
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
appendFileSync(process.env.START_LOG, 'started\\n');
createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method !== 'POST') return res.end('{}');
    const messages = JSON.parse(body).messages;
    const last = messages[messages.length - 1].content;
    res.end(JSON.stringify({ messages: [{ role: 'assistant', content: 'echo: ' + last }] }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** A local mae agent (a persistent process, JSON lines) that logs to stderr while `noisy` exists. */
const MAE_AGENT = `
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  if (existsSync('noisy')) process.stderr.write('agent note: thinking\\n');
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'ok' }) + '\\n');
}
`;

function writeExamples(dir: string): void {
  const rows = ['hello', 'world'].map((q) => JSON.stringify({ id: q, vars: { q }, expected: { answer: q } }));
  writeFileSync(path.join(dir, 'd1.jsonl'), `${rows.join('\n')}\n`);
}

describe('re-apply of an up-to-date lock', () => {
  it('starts no served agent when no agent needs discovery', async () => {
    const dir = ctx.workspace('uptodate-served');
    const port = await freePort();
    writeFileSync(path.join(dir, 'chat-agent.mjs'), CHAT_AGENT);
    writeExamples(dir);
    const startLog = path.join(dir, 'starts.log');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      JSON.stringify({
        evalc: 1,
        benchmark: { id: 'uptodate', version: '1.0.0' },
        agents: {
          c1: {
            protocol: 'chat',
            url: `http://127.0.0.1:${port}/agent/respond`,
            serve: {
              command: 'node chat-agent.mjs',
              env: { PORT: String(port), START_LOG: startLog },
              ready: { url: `http://127.0.0.1:${port}/`, timeout: '10s' },
            },
          },
        },
        tasks: {
          t1: {
            bindings: { default: { input: '{{q}}', output: { answer: 'messages[-1].content' } } },
            datasets: { d1: { source: 'd1.jsonl' } },
            metrics: [{ type: 'contains', candidate: 'answer', value: 'echo' }],
          },
        },
      }),
    );
    const first = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(readFileSync(startLog, 'utf8')).toBe('started\n');
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(lock).toContain('"score":1');

    const again = await runCli(['apply', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('"upToDate":true');
    expect(readFileSync(startLog, 'utf8')).toBe('started\n');
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lock);

    // A change that needs the agent starts it again.
    const plan = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8'));
    plan.tasks.t1.bindings.default.input = 'say {{q}}';
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(startLog, 'utf8')).toBe('started\nstarted\n');
  });

  it("replaces an earlier run's run.log, and removes it when the run logged nothing", async () => {
    const dir = ctx.workspace('uptodate-runlog');
    writeFileSync(path.join(dir, 'mae-agent.mjs'), MAE_AGENT);
    writeExamples(dir);
    // The second run must re-invoke: its task text changes (a mae agent whose input is the whole
    // task text is not sent the task's instructions, so editing those would re-run nothing: QA74).
    const writePlan = (prefix: string) =>
      writeFileSync(
        path.join(dir, 'evalc.yaml'),
        JSON.stringify({
          evalc: 1,
          benchmark: { id: 'runlog', version: '1.0.0' },
          agents: { m1: { protocol: 'mae', transport: 'local', command: 'node mae-agent.mjs' } },
          tasks: {
            t1: {
              instructions: 'Answer the question.',
              bindings: { default: { input: `${prefix} {{q}}`, output: { answer: 'final_answer' } } },
              datasets: { d1: { source: 'd1.jsonl' } },
              metrics: [{ type: 'contains', candidate: 'answer', value: 'ok' }],
            },
          },
        }),
      );
    const runLog = path.join(dir, '.evalc/logs/run.log');
    writeFileSync(path.join(dir, 'noisy'), '');
    writePlan('first');
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(runLog, 'utf8')).toContain('agent note: thinking');
    // The mae agent reports no token usage (chat's would be estimated, C17): the run's volatile
    // figures say nothing of tokens, rather than 0.
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      volatile: Record<string, Record<string, unknown>>;
    };
    expect(lock.volatile['m1/t1/d1']).toHaveProperty('durationMsMean');
    expect(lock.volatile['m1/t1/d1']).not.toHaveProperty('tokens');

    rmSync(path.join(dir, 'noisy'));
    writePlan('second');
    const quiet = await runCli(['apply', '--json'], { cwd: dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('"invoked":2');
    expect(existsSync(runLog)).toBe(false);
  });
});
