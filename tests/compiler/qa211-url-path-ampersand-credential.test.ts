/**
 * An `&name=value` in a url's path, the `?` forgotten (`http://h/api&code=…`), is path: evalc.lock,
 * the reports and messages keep it as written, as a `;sig=` there (QA208). validate said nothing of
 * it (QA211): it warns EVALC_URL_CREDENTIALS naming `&code=`, never its value, as it names `;sig=`.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('warns of an `&code=` and a `;sig=` in a url path, naming them, never their values', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h, version: 1.0.0 }
agents:
  a1: { protocol: chat, url: "http://127.0.0.1:7101/api&code=PathCode8844" }
  a2: { protocol: chat, url: "http://127.0.0.1:7102/;sig=PathSig8844/respond?x=1&code=QueryCode11" }
  a3: { protocol: chat, url: "http://127.0.0.1:7103/api&lang=en-gb&v=2" }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: hi } }] }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics
    .filter((d) => d.code === 'EVALC_URL_CREDENTIALS' && d.message.includes('path'))
    .map((d) => [d.path.join('.'), d.message] as const);
  expect(said.map(([p]) => p)).toEqual(['agents.a1.url', 'agents.a2.url']);
  expect(said[0]![1]).toContain('(`&code=`)');
  expect(said[1]![1]).toContain('(`;sig=`)');
  expect(JSON.stringify(r.diagnostics)).not.toMatch(/PathCode|PathSig|QueryCode/);
});
