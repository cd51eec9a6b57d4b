/**
 * QA169: with `run.repeats: 3`, a judge that failed on the second repeat only (an agent-eval 500
 * `judge_error`) has its message in every report, as a judge failing on the first repeat has:
 * the reports read the note kept beside the first repeat's score step only, so report.md's Errors
 * table said `—`, junit.xml `judge: judge_error` and report.json and report.html no message at
 * all, the judge's words left in `.evalc/logs/run.log`. Real loopback agent and judge servers.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCliAsync } from '../cli/run-cli.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const servers: Loopback[] = [];
let agentUrl: string;
let judgeUrl: string;
let phase = 1;

async function listen(
  handle: (url: string, body: string, res: http.ServerResponse) => void,
): Promise<string> {
  const server = await startLoopback((req, res, body) => handle(req.url ?? '', body, res));
  servers.push(server);
  return server.url;
}

/** agent-eval's tag: sha256 over RFC 8785 JSON of the rubric with its defaults filled in. */
function rubricVersionOf(rubric: Record<string, unknown>): string {
  const dimensions = (rubric.dimensions as Record<string, unknown>[]).map((d) => ({
    weight: 1,
    min: 0,
    max: 1,
    ...d,
  }));
  const parsed = { failureModes: [], wins: [], ...rubric, dimensions };
  return `${String(rubric.name)}@sha256-rfc8785:${createHash('sha256')
    .update(canonicalize(parsed) ?? '')
    .digest('hex')}`;
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  // The agent answers `Milan` on its second repeat (context.attempt 1), `Rome` on the others; in
  // its second phase it answers 500 on the second repeat and `Turin` on the third.
  agentUrl = await listen((url, body, res) => {
    if (url.startsWith('/info')) return json(res, 200, { name: 'a', inputSchema: { type: 'object' } });
    const { context } = JSON.parse(body) as { context: { attempt: number } };
    if (phase === 2 && context.attempt === 1) return json(res, 500, { error: 'down' });
    if (phase === 2 && context.attempt === 2) return json(res, 200, { output: { answer: 'Turin' } });
    json(res, 200, { output: { answer: context.attempt === 1 ? 'Milan' : 'Rome' } });
  });
  // The judge fails on `Milan` with a message of its own and scores anything else.
  judgeUrl = await listen((url, body, res) => {
    if (url === '/v1/version')
      return json(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.170.0',
        wireVersion: '1.1.0',
        apiSurface: ['judge', 'listRubrics', 'version'],
      });
    if (url === '/v1/rubrics') return json(res, 200, { rubrics: [] });
    if (url === '/healthz') return json(res, 200, { status: 'ok', uptimeSec: 1 });
    const request = JSON.parse(body) as { content: string; rubric: Record<string, unknown> };
    if (request.content === 'Milan' || request.content === 'Turin')
      return json(res, 500, {
        error: { code: 'judge_error', message: `verdict engine choked on ${request.content}` },
      });
    json(res, 200, {
      composite: 0.9,
      dimensions: { relevance: 0.9 },
      failureModes: [],
      wins: [],
      rationale: 'fine',
      rubricVersion: rubricVersionOf(request.rubric),
      model: 'stub',
      durationMs: 1,
    });
  });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const plan = () => `evalc: 1
benchmark: { id: judged, version: 1.0.0 }
agents:
  a: { protocol: raip, url: "${agentUrl}", limits: { retries: 0 } }
judges:
  j: { protocol: agent-eval, url: "${judgeUrl}", rubric: r, limits: { retries: 0 } }
rubrics:
  r: { dimensions: [ { id: relevance, description: "Answers the question" } ] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: "capital of Italy?" } } ] } }
    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}", threshold: 0.5 } ]
run: { preflight: 0, repeats: 3 }
`;

describe('a judge that failed on a later repeat only (QA169)', () => {
  it("says the judge's message in report.md, junit.xml, report.json and report.html", async () => {
    const dir = tempFolder('evalc-qa169-judge-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan());
    const run = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(run.stdout).toContain('judge_error 1');
    const reports = path.join(dir, '.evalc/reports');
    const read = (file: string) => readFileSync(path.join(reports, file), 'utf8');
    const errorsRow = read('report.md')
      .split('\n')
      .find((line) => line.startsWith('| `judge_error` |'));
    expect(errorsRow).toContain('verdict engine choked on Milan');
    expect(read('junit.xml')).toMatch(
      /<error message="judge: judge_error: [^"]*verdict engine choked on Milan/,
    );
    expect(read('report.json')).toContain('verdict engine choked on Milan');
    expect(read('report.html')).toContain('verdict engine choked on Milan');
  });

  it("says this run's judge error, not one an earlier run left beside a repeat whose invoke now failed", async () => {
    const dir = tempFolder('evalc-qa169-judge-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan());
    phase = 1;
    await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    phase = 2;
    try {
      const run = await spawnCliAsync(['apply', '--refresh'], { cwd: dir, env: { CI: 'true' } });
      expect(run.stdout).toContain('http_500 1');
      expect(run.stdout).toContain('judge_error 1');
    } finally {
      phase = 1;
    }
    const junit = readFileSync(path.join(dir, '.evalc/reports/junit.xml'), 'utf8');
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).toContain('verdict engine choked on Turin');
    expect(md).not.toContain('choked on Milan');
    expect(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')).not.toContain(
      'choked on Milan',
    );
    expect(junit).not.toContain('choked on Milan');
  });
});
