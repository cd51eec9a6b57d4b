/**
 * Regression (QA285): e1bd9063 starred a header's `$NAME` whose name reads as a key pasted in its
 * place (`$AKIAIOSFODNN7EXAMPLE`) in a diagnostic's excerpt; a `serve.env` value holding one,
 * warned '$… is sent as these characters', printed it whole under that warning (a serve.env value
 * was masked only when it held a `${` or a `{{`). It is masked now; `$HOME` and `PORT: "7311"` are
 * shown as written.
 */
import { expect, it } from 'vitest';
import { serveEnvExcerpt } from './secret-placement-excerpt.js';

const said = serveEnvExcerpt;

it.each([
  [
    'flow',
    '    serve: { command: node a.mjs, env: { PORT: "7311", K: "$AKIAIOSFODNN7EXAMPLE" } }',
    /PORT: "7311", K: "\*{21}"/,
  ],
  [
    'block',
    '    serve:\n      command: node a.mjs\n      env:\n        K: Bearer $AKIAIOSFODNN7EXAMPLE',
    / {8}K: \*{6} \*{21}/,
  ],
])('a %s serve.env value holding a $NAME that reads as a key is masked in the excerpt', (_, serve, shown) => {
  const text = said(serve);
  expect(text).toMatch(/\$… is sent as these characters/);
  expect(text).toMatch(shown);
  expect(text).not.toMatch(/IOSFODNN/);
});

it('shows a serve.env value whose $NAME is a name, as written', () => {
  const text = said('    serve: { command: node a.mjs, env: { PORT: "7311", K: "$HOME_DIR" } }');
  expect(text).toMatch(/\$HOME_DIR is sent as these characters/);
  expect(text).toMatch(/K: "\$HOME_DIR"/);
});
