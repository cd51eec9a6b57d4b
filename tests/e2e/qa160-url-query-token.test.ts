/**
 * QA160: a credential in an agent's or judge's url query (`?code=` of an Azure Function, `?key=`,
 * `?sig=`) is a secret of the run, as a header's is. It reaches the agent, and nothing evalc writes
 * or prints: evalc.lock records the endpoint as `?code=***`, a reply or error that quotes the
 * request's URL is masked, validate's excerpt shows `*`s; and rotating it re-invokes nothing (it is
 * not in a content key). Before, it was in evalc.lock, the cache and the four reports, and a new
 * value re-ran every example. Real CLI and a loopback chat agent that echoes its URL.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrlQueryCredentials, urlQuerySecrets } from '../../src/plan/url-secrets.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { type CliResult, runCli, tempWorkspace } from './apply-harness.js';

const TOKEN = 'AZfnKEY-qa160-7f3a9c';
let agent: Loopback;
const urls: string[] = [];
let cleanup = () => {};

beforeAll(async () => {
  agent = await startLoopback((req, res, body) => {
    urls.push(req.url ?? '');
    const route = new URL(req.url ?? '/', 'http://judge').pathname;
    if (route.startsWith('/v1/')) return judgeReply(route, res);
    if (route === '/d.jsonl') {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(`${JSON.stringify({ id: 'hello', vars: { q: 'hello' }, expected: { answer: 'hello' } })}\n`);
      return;
    }
    const q = (JSON.parse(body) as { messages: { content: string }[] }).messages[0]?.content;
    if (q === 'boom') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`no handler for ${req.url}`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messages: [{ role: 'assistant', content: `you called ${req.url}` }] }));
  });
});
afterAll(async () => {
  await agent.close();
  cleanup();
});

/** An agent-eval judge with one registered rubric. */
function judgeReply(route: string, res: import('node:http').ServerResponse): void {
  const rubric = {
    name: 'anti-slop',
    description: 'd',
    dimensions: [{ id: 'voice', description: 'v', weight: 1 }],
    failureModes: [],
    rubricVersion: 'anti-slop@v1',
  };
  const replies: Record<string, unknown> = {
    '/v1/version': { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' },
    '/v1/rubrics': { rubrics: [rubric] },
    '/v1/judge': {
      composite: 0.5,
      dimensions: { voice: 0.5 },
      failureModes: [],
      wins: [],
      rationale: 'fine',
      rubricVersion: 'anti-slop@v1',
      model: 'm',
      durationMs: 1,
    },
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(replies[route] ?? {}));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function writePlan(dir: string, token: string, judged = false, remote = false): void {
  const judge = `${agent.url.replace('//', `//user:${token}-pw@`)}/?token=${token}`;
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa160', version: '1.0.0' },
    agents: {
      a: { protocol: 'chat', url: `${agent.url}/agent/respond?code=${token}&x=1`, limits: { retries: 0 } },
    },
    ...(judged ? { judges: { j: { protocol: 'agent-eval', url: judge, rubric: 'anti-slop' } } } : {}),
    tasks: {
      t: {
        bindings: {
          default: {
            input: { messages: [{ role: 'user', content: '{{q}}' }] },
            output: { answer: 'messages[-1].content' },
          },
        },
        datasets: {
          d: { source: remote ? `${agent.url}/d.jsonl?X-Amz-Date=1&X-Amz-Signature=${token}` : 'd.jsonl' },
        },
        metrics: [
          { type: 'contains', candidate: 'answer', expected: 'answer' },
          ...(judged ? [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}' }] : []),
        ],
      },
    },
  };
  // YAML, so validate's excerpt quotes the url's line.
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan, null, 1));
}

describe('a credential in a url query', () => {
  it('is masked and keyed out, for ?code=, ?sig=, X-Amz-Signature; other parameters stay', () => {
    expect(maskUrlQueryCredentials('https://f.net/api/a?code=abc%3D%3D&api-version=2&x#f')).toBe(
      'https://f.net/api/a?code=***&api-version=2&x#f',
    );
    expect(maskUrlQueryCredentials('https://b.net/d?sv=1&sig=AbC%2Bx&X-Amz-Signature=ff00&key=')).toBe(
      'https://b.net/d?sv=1&sig=***&X-Amz-Signature=***&key=',
    );
    expect(maskUrlQueryCredentials('http://h/v1?api-version=2024-10-21')).toBe(
      'http://h/v1?api-version=2024-10-21',
    );
    expect(urlQuerySecrets('https://f.net/a?code=abc%3D%3D')).toEqual(
      expect.arrayContaining(['abc%3D%3D', 'abc==']),
    );
  });

  // QA168: a credential-named parameter whose value is a word (`?key=search`, `?code=python`) was a
  // secret of the run: every reply that said the word read `***` and was scored so.
  it('keeps a plain word as plan content: not masked, in the lock as written, and replies scored as said', async () => {
    expect(maskUrlQueryCredentials('http://h/a?key=search&code=prod-eu&token=Search1&sig=python3')).toBe(
      'http://h/a?key=search&code=prod-eu&token=***&sig=***',
    );
    expect(urlQuerySecrets('http://h/a?key=search&code=python')).toEqual([]);
    const ws = tempWorkspace('qa168-url-plain-word');
    try {
      // The agent answers `you called /agent/respond?code=search&x=1`; the example expects that text.
      const q = 'code=search';
      writeFileSync(
        path.join(ws.dir, 'd.jsonl'),
        `${JSON.stringify({ id: 'w', vars: { q }, expected: { answer: q } })}\n`,
      );
      writePlan(ws.dir, 'search');
      const validate = await runCli(['validate'], { cwd: ws.dir });
      expect(validate.stdout + validate.stderr).not.toContain('carries a credential');
      const apply = await runCli(['apply'], { cwd: ws.dir });
      expect(apply.code, apply.stderr).toBe(0);
      const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8'));
      expect(lock.agents.a.endpoint).toBe(`${agent.url}/agent/respond?code=search&x=1`);
      expect(lock.results[0].pass).toBe(true);
    } finally {
      ws.cleanup();
    }
  });

  it('is not warned about as written in the plan when it is a ${env.X} (refused there on its own)', async () => {
    const ws = tempWorkspace('qa165-url-env-credential');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9/a?key=\${env.AGENT_KEY}" }
  a2: { protocol: raip, url: "http://127.0.0.1:9/a?key=abcd1234" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: x } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['validate', '--json'], {
      cwd: ws.dir,
      env: { ...process.env, AGENT_KEY: 'secretvalue' },
    });
    const said = (JSON.parse(run.stdout) as { diagnostics: { code: string; source?: { line: number } }[] })
      .diagnostics;
    expect(said.filter((d) => d.code === 'EVALC_SECRET_PLACEMENT').map((d) => d.source?.line)).toEqual([4]);
    // Only the key written out (a2) is "written in a committed plan"; a1's reference is not.
    expect(said.filter((d) => d.code === 'EVALC_URL_CREDENTIALS').map((d) => d.source?.line)).toEqual([5]);
    ws.cleanup();
  });

  it('reaches the agent and nothing evalc writes; a new value re-invokes nothing', async () => {
    const ws = tempWorkspace('qa160-query');
    cleanup = ws.cleanup;
    const rows = ['hello', 'boom'].map((q) =>
      JSON.stringify({ id: q, vars: { q }, expected: { answer: q } }),
    );
    writeFileSync(path.join(ws.dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    writePlan(ws.dir, TOKEN);
    const runs: CliResult[] = [
      await runCli(['validate'], { cwd: ws.dir }),
      await runCli(['apply', '--json'], { cwd: ws.dir }),
      await runCli(['plan'], { cwd: ws.dir }),
      await runCli(['report', '--format', 'md'], { cwd: ws.dir }),
    ];
    expect(urls).toContain(`/agent/respond?code=${TOKEN}&x=1`);
    expect(runs[0]?.stdout + runs[0]!.stderr).toContain("the url's query carries a credential (`code=`)");
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8'));
    expect(lock.agents.a.endpoint).toBe(`${agent.url}/agent/respond?code=***&x=1`);
    const leaks = [
      ...filesUnder(ws.dir)
        .filter((f) => !f.endsWith('evalc.yaml') && readFileSync(f, 'utf8').includes(TOKEN))
        .map((f) => path.relative(ws.dir, f)),
      ...runs.flatMap((r, i) => (`${r.stdout}${r.stderr}`.includes(TOKEN) ? [`run ${i}`] : [])),
    ];
    expect(leaks).toEqual([]);
    // Rotated: the one answer kept is reused; only the failed example is asked again.
    writePlan(ws.dir, 'AZfnKEY-rotated-0000');
    const calls = urls.length;
    const again = await runCli(['apply'], { cwd: ws.dir });
    expect(urls.length - calls).toBe(1);
    expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).toContain('?code=***&x=1');
    expect(again.stdout + again.stderr).not.toContain('AZfnKEY-rotated');
  });

  it("is kept, with a judge url's user:password@, out of the plan digest: evalc.lock stays byte-identical", async () => {
    const ws = tempWorkspace('qa160-judge-query');
    const rows = ['hello'].map((q) => JSON.stringify({ id: q, vars: { q }, expected: { answer: q } }));
    writeFileSync(path.join(ws.dir, 'd.jsonl'), `${rows.join('\n')}\n`);
    try {
      writePlan(ws.dir, TOKEN, true);
      const first = await runCli(['apply'], { cwd: ws.dir });
      expect(first.code).toBe(0);
      const lock = readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8');
      expect(lock).toContain('/?token=***');
      writePlan(ws.dir, 'AZfnKEY-rotated-1111', true);
      const calls = urls.filter((u) => u.includes('/v1/judge') || u.includes('/agent/')).length;
      const again = await runCli(['apply'], { cwd: ws.dir });
      expect(again.code).toBe(0);
      expect(urls.filter((u) => u.includes('/v1/judge') || u.includes('/agent/')).length).toBe(calls);
      expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).toBe(lock);
    } finally {
      ws.cleanup();
    }
  });

  it("is kept out of a remote dataset source's lock entry, messages and plan digest (a presigned URL)", async () => {
    const ws = tempWorkspace('qa160-dataset-query');
    try {
      writePlan(ws.dir, TOKEN, false, true);
      const first = await runCli(['apply'], { cwd: ws.dir });
      expect(first.code).toBe(0);
      const lock = readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8');
      expect(JSON.parse(lock).datasets['t/d'].source).toBe(
        `${agent.url}/d.jsonl?X-Amz-Date=1&X-Amz-Signature=***`,
      );
      writePlan(ws.dir, 'AZfnKEY-rotated-2222', false, true);
      const again = await runCli(['apply', '--locked'], { cwd: ws.dir });
      expect(again.code).toBe(0);
      expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).toBe(lock);
      const leaks = filesUnder(ws.dir).filter(
        (f) => !f.endsWith('evalc.yaml') && /AZfnKEY/.test(readFileSync(f, 'utf8')),
      );
      expect(leaks.map((f) => path.relative(ws.dir, f))).toEqual([]);
      expect(`${first.stdout}${first.stderr}${again.stdout}${again.stderr}`).not.toMatch(/AZfnKEY/);
      // QA168: a lock an evalc before 8fef19a wrote kept the signature; plan and --locked's refusal
      // quoted it ('source …X-Amz-Signature=<value> → …X-Amz-Signature=***, same content').
      const old = JSON.parse(lock) as {
        datasets: Record<string, { source: string }>;
        plan: { digest: string };
      };
      old.datasets['t/d']!.source = `${agent.url}/d.jsonl?X-Amz-Date=1&X-Amz-Signature=OLDSIG-qa168`;
      old.plan.digest = '0'.repeat(64);
      writeFileSync(path.join(ws.dir, 'evalc.lock'), JSON.stringify(old, null, 2));
      const plan = await runCli(['plan'], { cwd: ws.dir });
      const locked = await runCli(['apply', '--locked'], { cwd: ws.dir });
      expect(locked.code).toBe(1);
      for (const out of [plan.stdout + plan.stderr, locked.stdout + locked.stderr]) {
        expect(out).not.toContain('OLDSIG-qa168');
        expect(out).toContain('records its query credential X-Amz-Signature=: evalc now keeps it out of');
      }
    } finally {
      ws.cleanup();
    }
  });
});
