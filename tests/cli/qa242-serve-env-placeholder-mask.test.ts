/**
 * Regression (QA242): 43b98b9 said a `{{…}}` placeholder that holds no name in a header or
 * `serve.env` value, `{{sk-live-…}}`, as `{{…}}` in the warning, since what is in it is a secret
 * typed in place; a header's excerpt masked it, but a `serve.env` value's excerpt printed it as
 * written (41ed771 masked a serve.env value holding a `${` only). A serve.env value holding a `{{`
 * is masked in the excerpt too; a plain one (`PORT: "7311"`) is a setting, shown as written.
 */
import { expect, it } from 'vitest';
import { serveEnvExcerpt } from './secret-placement-excerpt.js';

it.each([
  [
    'flow',
    '    serve: { command: node a.mjs, env: { PORT: "7311", K: "{{sk-live-QA242z}}" } }',
    /env: \{ PORT: "7311", K: "\*{18}" \}/,
  ],
  [
    'block',
    '    serve:\n      command: node a.mjs\n      env:\n        PORT: "7311"\n        K: "x {{ sk-live-QA242z }}"',
    / {8}K: "\* \*\* \*{14} \*\*"/,
  ],
])('a %s serve.env value holding a {{…}} placeholder is masked in the excerpt', (_, serve, shown) => {
  const said = serveEnvExcerpt(serve);
  expect(said).toMatch(/`\{\{…\}\}`: headers and serve\.env values are not templated/);
  expect(said).toMatch(shown);
  expect(said).not.toMatch(/QA242z/);
});
