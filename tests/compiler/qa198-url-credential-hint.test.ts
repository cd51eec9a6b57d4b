/**
 * QA198: EVALC_URL_CREDENTIALS's hint for a query credential said "send it in a header if the agent
 * reads one" for a judge's url and for a readiness url too. A judge's reads "if the judge reads one";
 * a readiness url, polled until any status below 500 (a 401 too), is told it needs none.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('points a judge at its header and a readiness url at removing the credential', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: "http://127.0.0.1:7101/?q=x;code=AgentKey123"
    serve: { command: node a.mjs, ready: { url: "http://127.0.0.1:7101/info?token=ReadyKey123" } }
judges:
  j: { protocol: openai, url: "http://127.0.0.1:7102/v1?key=JudgeKey123", model: m }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: a } }] }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache') });
  const hints = Object.fromEntries(
    r.diagnostics.filter((d) => d.code === 'EVALC_URL_CREDENTIALS').map((d) => [d.path.join('.'), d.hint]),
  );
  expect(hints['agents.a1.url']).toContain('if the agent reads one');
  expect(hints['judges.j.url']).toContain('if the judge reads one');
  expect(hints['judges.j.url']).toContain('${env.JUDGE_KEY}');
  expect(hints['agents.a1.serve.ready.url']).toMatch(/^remove it: .*any status below 500, a 401 too/);
});
