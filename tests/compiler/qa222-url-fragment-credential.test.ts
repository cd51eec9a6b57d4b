/**
 * QA222: a credential in a url's fragment (`#access_token=…`, OAuth's implicit form, or
 * `?x=1#y&token=…`) is never sent and is kept as written in evalc.lock, the reports and messages
 * (636e38d: the query ends at its `#`); validate said nothing of it, as it did of an `&code=` in the
 * path before 6ec316c. It warns EVALC_URL_CREDENTIALS naming it, never its value; a query credential
 * before the `#` is warned of as a query's, once.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('warns of a credential after the `#`, naming it, never its value', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h, version: 1.0.0 }
agents:
  a1: { protocol: chat, url: "http://127.0.0.1:7101/respond#access_token=FragTok8844&token_type=bearer" }
  a2: { protocol: chat, url: "http://127.0.0.1:7102/respond?x=1#y&sig=FragSig8844" }
  a3: { protocol: chat, url: "http://127.0.0.1:7103/respond?code=QueryCode11#top" }
  a4: { protocol: chat, url: "http://127.0.0.1:7104/respond#section-2" }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: hi } }] }
      r: { source: "http://127.0.0.1:7105/d.jsonl#token=FragData8844" }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics
    .filter((d) => d.code === 'EVALC_URL_CREDENTIALS')
    .map((d) => `${d.path.join('.')} ${d.message.slice(0, d.message.indexOf(':'))}`);
  expect(said).toEqual([
    "agents.a1.url the url's fragment carries what reads as a credential (`#access_token=`)",
    "agents.a2.url the url's fragment carries what reads as a credential (`&sig=`)",
    "agents.a3.url the url's query carries a credential (`code=`)",
    "tasks.t.datasets.r.source the url's fragment carries what reads as a credential (`#token=`)",
  ]);
  // the warning names it; the offline dataset's error keeps the url as evalc.lock does (636e38d)
  const warned = r.diagnostics.filter((d) => d.code === 'EVALC_URL_CREDENTIALS');
  expect(JSON.stringify(warned)).not.toMatch(/FragTok|FragSig|FragData|QueryCode/);
});
