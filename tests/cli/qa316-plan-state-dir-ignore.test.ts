/**
 * QA316: README says `.evalc/` is ignored by git, a command that creates it leaving a `.gitignore`
 * of `*` there (QA47: apply and report). `plan` creates it too, for a served agent's log when it
 * starts that agent to ask its `/info` (a plan whose evalc.lock knows the agent, on a fresh clone),
 * and left it without one: `git status` listed `.evalc/` in a repository whose own .gitignore does
 * not name it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';

const AGENT = `import http from 'node:http';
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/info') return res.end(JSON.stringify({ name: 'p', version: '1', inputSchema: { type: 'object' } }));
    res.end(JSON.stringify({ output: { answer: JSON.parse(body).input.q } }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

describe('plan leaves .evalc/ ignored by git (QA316)', () => {
  it('when a served agent’s log creates it', async () => {
    const ws = tempWorkspace('qa316-plan-ignore-');
    try {
      const port = await freePort();
      writeFileSync(path.join(ws.dir, 'agent.mjs'), AGENT);
      writeFileSync(
        path.join(ws.dir, 'evalc.yaml'),
        `evalc: 1
benchmark: { id: qa316 }
agents:
  p:
    protocol: raip
    url: http://127.0.0.1:${port}
    serve: { command: node agent.mjs, env: { PORT: "${port}" }, ready: { url: "http://127.0.0.1:${port}/info" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
      );
      const apply = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
      expect(apply.code, apply.stderr).toBe(0);
      // A fresh clone: the committed lock, no .evalc/.
      rmSync(path.join(ws.dir, '.evalc'), { recursive: true });
      const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
      expect(plan.code, plan.stderr).toBe(0);
      expect(existsSync(path.join(ws.dir, '.evalc/logs/p.log'))).toBe(true);
      expect(readFileSync(path.join(ws.dir, '.evalc/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    } finally {
      ws.cleanup();
    }
  });
});
