/**
 * QA226 (the case next to 5517d10 and e9dff52): a password holding a `/`, `?` or `#` written unescaped
 * (base64 tokens hold `/`) ends the url's authority early, so no parser reads it, and EVALC_URL_INVALID
 * quoted it whole, `url "http://user:ab/cd8812@127.0.0.1:7000/v1"`, in the terminal and --json, an
 * agent's url and a dataset's source alike. After `user:`, a word that is no port up to the next `@`
 * is now masked; a port followed by a path holding an `@` is kept as written.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('masks a password holding a / ? or # in a url it cannot read', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1: { protocol: raip, url: "http://user:ab/cd8812@127.0.0.1:7000/v1" }
  a2: { protocol: raip, url: "http://user:s3c#r8812@127.0.0.1:7000/v1" }
  a3: { protocol: raip, url: "http://user:s3c?r8812@127.0.0.1:99999/v1" }
  a4: { protocol: raip, url: "http://127.0.0.1:99999/u/a@b" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { source: "https://u:pa/ss8812@127.0.0.1:99999/d.jsonl" }
    metrics: [ { type: contains, expected: a } ]
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  const said = r.diagnostics.filter((d) => d.code === 'EVALC_URL_INVALID').map((d) => d.message);
  expect(said).toEqual([
    'agent a1: url "http://user:***@127.0.0.1:7000/v1" is not an absolute URL (expected http://host:port/…)',
    'agent a2: url "http://user:***@127.0.0.1:7000/v1" is not an absolute URL (expected http://host:port/…)',
    'agent a3: url "http://user:***@127.0.0.1:99999/v1" is not an absolute URL (expected http://host:port/…)',
    'agent a4: url "http://127.0.0.1:99999/u/a@b" is not an absolute URL (expected http://host:port/…)',
    'dataset url "https://u:***@127.0.0.1:99999/d.jsonl" is not an absolute URL (expected https://host/…)',
  ]);
  expect(JSON.stringify(r.diagnostics.filter((d) => d.code === 'EVALC_URL_INVALID'))).not.toMatch(/8812/);
});
