/**
 * Regression (QA232): fd41cc3 said a malformed reference in a `serve.env` value up to its name,
 * `${env.K:=…}`, as QA224 its default, because in a header what follows may be a secret typed in
 * place; the excerpt under it masked a header's value but printed a `serve.env` value as written,
 * `K: "${env.K:=sk-…}"`, the default with it. A serve.env value holding a `${` is masked now, a
 * well-formed `${env.X}` kept; a plain one (`PORT: "7311"`) is a setting, shown as written.
 */
import { expect, it } from 'vitest';
import { serveEnvExcerpt } from './secret-placement-excerpt.js';

it.each([
  [
    'flow',
    '    serve: { command: node a.mjs, env: { PORT: "7311", K: "${env.K:=sk-dev-QA232a}", L: "${env.L}" } }',
    /env: \{ PORT: "7311", K: "\*+", L: "\$\{env\.L\}" \}/,
  ],
  [
    'block',
    '    serve:\n      command: node a.mjs\n      env:\n        PORT: "7311"\n        K: "x-${env:K:-sk-dev-QA232a}"',
    / {8}K: "\*{20}/,
  ],
])('a %s serve.env value holding a malformed reference is masked in the excerpt', (_, serve, shown) => {
  const said = serveEnvExcerpt(serve);
  expect(said).toMatch(/malformed reference \$\{env[.…]/);
  expect(said).toMatch(shown);
  expect(said).not.toMatch(/QA232a/);
});
