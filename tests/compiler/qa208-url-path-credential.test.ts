/**
 * QA208: a `;name=value` in a url's path (`/respond;sig=…`, a matrix parameter) is path, kept as
 * written in evalc.lock, the reports and messages (only the query's credentials are masked), and
 * validate said nothing: it warns EVALC_URL_CREDENTIALS naming it and points at the query or a header.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('warns of a credential in the path of an agent, judge and dataset url, naming it, never its value', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h, version: 1.0.0 }
agents:
  a1: { protocol: chat, url: "http://127.0.0.1:7101/respond;sig=PathSig8844?x=1" }
  a2: { protocol: chat, url: "http://127.0.0.1:7102/respond;v=2;lang=en" }
judges:
  j: { protocol: openai, url: "http://127.0.0.1:7103/v1;api_key=JudgeKey123", model: m }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { source: "http://127.0.0.1:7104/d.jsonl;token=DataTok9876" }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: path.join(dir, 'cache'),
    offline: true,
  } as never);
  const said = r.diagnostics
    .filter((d) => d.code === 'EVALC_URL_CREDENTIALS' && d.message.includes('path'))
    .map((d) => [d.path.join('.'), d.message, d.hint]);
  expect(said.map(([p]) => p).sort()).toEqual(['agents.a1.url', 'judges.j.url', 'tasks.t.datasets.d.source']);
  expect(said.find(([p]) => p === 'agents.a1.url')?.[1]).toContain('`;sig=`');
  expect(said.find(([p]) => p === 'judges.j.url')?.[1]).toContain('`;api_key=`');
  // a dataset is fetched without headers: its hint names the query only
  expect(said.find(([p]) => p === 'tasks.t.datasets.d.source')?.[2]).not.toContain('header');
  expect(said.find(([p]) => p === 'judges.j.url')?.[2]).toContain('header');
  expect(JSON.stringify(said)).not.toMatch(/PathSig|JudgeKey|DataTok/);
});
