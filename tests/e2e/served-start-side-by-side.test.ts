/**
 * Served agents and judges start side by side (QA162: `apply` and `plan` started them one after
 * another, so three agents that take a while to load made the user wait three times as long).
 * Each served process below writes `start <name>` to a shared log as it is launched and
 * `listen <name>` when, after a delay, it listens: side by side, every start comes before the
 * first listen; one after another, the second agent starts only after the first listens.
 *
 * What starting them together must not lose: two served agents at one address still start one
 * after another (the second's "another process holds its port" check sees the first), and a
 * refusal does not wait for, nor leave running, an agent still loading.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startLoopback } from '../fixtures/loopback.js';
import { isAlive } from '../fixtures/process-alive.js';
import { REPO_ROOT, runCli, tempWorkspace, waitFor, writeDataset } from './apply-harness.js';

/** A RAIP agent that logs its launch, waits DELAY_MS, listens on PORT and logs that. */
const AGENT = `
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
const name = process.env.NAME;
appendFileSync('start.log', 'start ' + name + '\\n');
if (process.env.PID_FILE) writeFileSync(process.env.PID_FILE, String(process.pid));
setTimeout(() => {
  createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c)).on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/info') return res.end(JSON.stringify({ name, version: '1.0.0', inputSchema: { type: 'object' } }));
      res.end(JSON.stringify({ output: { answer: JSON.parse(body).input.q } }));
    });
  }).listen(Number(process.env.PORT), '127.0.0.1', () => appendFileSync('start.log', 'listen ' + name + '\\n'));
}, Number(process.env.DELAY_MS));
`;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

function workspace(prefix: string): string {
  const ws = tempWorkspace(prefix);
  cleanups.push(ws.cleanup);
  writeFileSync(path.join(ws.dir, 'agent.mjs'), AGENT);
  writeDataset(ws.dir, 'd1.jsonl', [
    { id: 'e1', vars: { q: 'x' }, expected: { answer: 'x' } },
    { id: 'e2', vars: { q: 'y' }, expected: { answer: 'y' } },
  ]);
  return ws.dir;
}

interface Served {
  port: number;
  delayMs: number;
  command?: string;
  pidFile?: string;
}

function writePlan(dir: string, agents: Record<string, Served>, judges: Record<string, unknown> = {}): void {
  const metrics: unknown[] = [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }];
  for (const id of Object.keys(judges))
    metrics.push({ type: 'judge', id: `by-${id}`, judge: id, content: '{{candidate.answer}}' });
  const plan = {
    evalc: 1,
    benchmark: { id: 'side-by-side', version: '1.0.0' },
    agents: Object.fromEntries(
      Object.entries(agents).map(([id, a]) => [
        id,
        {
          protocol: 'raip',
          url: `http://127.0.0.1:${a.port}`,
          serve: {
            command: a.command ?? 'node agent.mjs',
            env: {
              NAME: id,
              PORT: String(a.port),
              DELAY_MS: String(a.delayMs),
              ...(a.pidFile ? { PID_FILE: a.pidFile } : {}),
            },
            ready: { timeout: '30s' },
          },
        },
      ]),
    ),
    judges,
    tasks: {
      t1: {
        agents: Object.keys(agents),
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics,
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

/** The shared log's lines. */
function startLog(dir: string): string[] {
  return readFileSync(path.join(dir, 'start.log'), 'utf8').trim().split('\n');
}

/** Every `start` line comes before the first `listen` line. */
function startedTogether(lines: string[]): boolean {
  const firstListen = lines.findIndex((l) => l.startsWith('listen '));
  return firstListen !== -1 && lines.slice(firstListen).every((l) => l.startsWith('listen '));
}

describe('served agents start side by side', () => {
  it('apply and plan start three slow agents together, then run as before', async () => {
    const dir = workspace('side-by-side');
    const ports = [await freePort(), await freePort(), await freePort()];
    writePlan(dir, {
      a1: { port: ports[0]!, delayMs: 1500 },
      a2: { port: ports[1]!, delayMs: 1500 },
      a3: { port: ports[2]!, delayMs: 1500 },
    });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const lines = startLog(dir);
    expect(lines.filter((l) => l.startsWith('start ')).sort()).toEqual(['start a1', 'start a2', 'start a3']);
    expect(startedTogether(lines), lines.join(' | ')).toBe(true);
    // plan starts the agents evalc.lock knows, to ask their /info: together too.
    rmSync(path.join(dir, 'start.log'));
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('apply would call no agent');
    const planLines = startLog(dir);
    expect(planLines.filter((l) => l.startsWith('start ')).length).toBe(3);
    expect(startedTogether(planLines), planLines.join(' | ')).toBe(true);
  }, 60_000);

  it('two agents served at one address still start one after another: the second is refused', async () => {
    const dir = workspace('same-port');
    const port = await freePort();
    writePlan(dir, { a1: { port, delayMs: 300 }, a2: { port, delayMs: 300 } });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).not.toBe(0);
    expect(apply.stderr).toContain(
      `agent a2 could not start: serve a2: 127.0.0.1:${port} already accepts connections before evalc started the agent`,
    );
    // a2 was never launched: a1 had started and listened first.
    expect(startLog(dir)).toEqual(['start a1', 'listen a1']);
  }, 60_000);

  it('plan asks an agent at the address of a served one once that one has started', async () => {
    // QA174: a2 names a1's served process by its url (no serve: of its own); plan asked a2's /info
    // while a1 was still loading and read 'agent a2 did not answer /info', as apply never does.
    const dir = workspace('shared-url');
    const port = await freePort();
    writePlan(dir, { a1: { port, delayMs: 1500 } });
    const plan = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8'));
    plan.agents.a2 = { protocol: 'raip', url: `http://127.0.0.1:${port}` };
    plan.tasks.t1.agents = ['a1', 'a2'];
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.stderr).toBe('');
    expect(planned.code).toBe(0);
    expect(planned.stdout).toContain('apply would call no agent');
  }, 60_000);

  it('a first plan (no evalc.lock) does not ask an agent at the address of a served one it does not start', async () => {
    // QA178: plan starts a served agent only when evalc.lock knows it, yet asked a2 (a1's url, no
    // serve: of its own) at once, and read 'agent a2 did not answer /info; apply will ask it'.
    const dir = workspace('shared-url-first-plan');
    const port = await freePort();
    writePlan(dir, { a1: { port, delayMs: 0 } });
    const plan = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8'));
    plan.agents = { a2: { protocol: 'raip', url: `http://127.0.0.1:${port}` }, ...plan.agents };
    plan.tasks.t1.agents = ['a2', 'a1'];
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.stdout + planned.stderr).not.toContain('did not answer');
    expect(planned.code).toBe(2);
  }, 60_000);

  it('a refusal neither waits for an agent still loading nor leaves it running', async () => {
    const dir = workspace('refusal');
    const pidFile = path.join(dir, 'slow.pid');
    writePlan(dir, {
      a1: {
        port: await freePort(),
        delayMs: 0,
        command: 'sleep 1; echo "model weights missing" >&2; exit 3',
      },
      a2: { port: await freePort(), delayMs: 25_000, pidFile },
    });
    const started = Date.now();
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).not.toBe(0);
    expect(apply.stderr).toContain(
      'agent a1 could not start: serve a1 exited with code 3 before it was ready',
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor(() => !isAlive(pid), 10_000, `a2's process ${pid} to be stopped`);
  }, 60_000);

  it('a refusal after an agent still loading in plan order is said at once, that agent stopped', async () => {
    // QA174: outcomes were read in plan order, so a2 failing after 1 s waited for a1 to load (25 s).
    const dir = workspace('refusal-after');
    const pidFile = path.join(dir, 'slow.pid');
    writePlan(dir, {
      a1: { port: await freePort(), delayMs: 25_000, pidFile },
      a2: {
        port: await freePort(),
        delayMs: 0,
        command: 'sleep 1; echo "model weights missing" >&2; exit 3',
      },
    });
    const started = Date.now();
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).not.toBe(0);
    expect(apply.stderr).toContain(
      'agent a2 could not start: serve a2 exited with code 3 before it was ready',
    );
    expect(apply.stderr).not.toContain('a1');
    expect(Date.now() - started).toBeLessThan(15_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor(() => !isAlive(pid), 10_000, `a1's process ${pid} to be stopped`);
  }, 60_000);
});

describe('served judges start side by side', () => {
  it('two judges that take a while to load start together', async () => {
    const dir = workspace('judges');
    const judgeScript = path.join(REPO_ROOT, 'pipelines/course-advisor/judge/agent-eval-judge.mjs');
    const judge = async (name: string) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      return {
        protocol: 'agent-eval',
        url,
        rubric: 'course-advice-default',
        serve: {
          command: `echo start ${name} >> start.log; sleep 1.5; echo listen ${name} >> start.log; exec node ${JSON.stringify(judgeScript)}`,
          env: { PORT: String(port) },
          ready: { url: `${url}/healthz`, timeout: '30s' },
        },
      };
    };
    writePlan(
      dir,
      { a1: { port: await freePort(), delayMs: 0 } },
      { j1: await judge('j1'), j2: await judge('j2') },
    );
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const lines = startLog(dir).filter((l) => !l.endsWith(' a1'));
    expect(lines.filter((l) => l.startsWith('start ')).sort()).toEqual(['start j1', 'start j2']);
    expect(startedTogether(lines), lines.join(' | ')).toBe(true);
  }, 60_000);

  it('a judge that refuses the run does so at once, not after the judge before it has loaded', async () => {
    // QA174: j2's ready.url already answered (another process: config_error, a refusal) and apply
    // said so only once j1, still loading, was ready.
    const dir = workspace('judge-refusal');
    const judgeScript = path.join(REPO_ROOT, 'pipelines/course-advisor/judge/agent-eval-judge.mjs');
    const squatter = await startLoopback((_req, res) => {
      res.end('{}');
    });
    cleanups.push(() => void squatter.close());
    const port = await freePort();
    const j1 = {
      protocol: 'agent-eval',
      url: `http://127.0.0.1:${port}`,
      rubric: 'course-advice-default',
      serve: {
        command: `echo $$ > j1.pid; sleep 25; exec node ${JSON.stringify(judgeScript)}`,
        env: { PORT: String(port) },
        ready: { url: `http://127.0.0.1:${port}/healthz`, timeout: '60s' },
      },
    };
    const j2 = {
      protocol: 'agent-eval',
      url: squatter.url,
      rubric: 'course-advice-default',
      serve: {
        command: `exec node ${JSON.stringify(judgeScript)}`,
        ready: { url: `${squatter.url}/healthz` },
      },
    };
    writePlan(dir, { a1: { port: await freePort(), delayMs: 0 } }, { j1, j2 });
    const started = Date.now();
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).not.toBe(0);
    expect(apply.stderr).toContain('judge j2 is not usable');
    // Of a judge, not 'the agent' (QA174).
    expect(apply.stderr).toContain(
      'already answers before evalc started the judge: another process holds its port (an earlier judge still running?)',
    );
    expect(apply.stderr).not.toContain('judge j1');
    expect(Date.now() - started).toBeLessThan(15_000);
    const pid = Number(readFileSync(path.join(dir, 'j1.pid'), 'utf8'));
    await waitFor(() => !isAlive(pid), 10_000, `j1's process ${pid} to be stopped`);
  }, 60_000);
});
