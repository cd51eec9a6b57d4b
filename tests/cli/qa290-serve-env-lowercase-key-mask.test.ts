/**
 * Regression (QA290): d0d27085 stars a `serve.env` value holding a `$NAME` that reads as a key in a
 * diagnostic's excerpt, but only an upper-case one: a key pasted after a `$` as it is written,
 * `$ghp_AbCd…` or `$sk-live-51H…`, was printed whole in the excerpt of a warning on its line
 * (a flow mapping: one line holds every value). `$HOME-dir` and `PORT` are shown as written.
 */
import { expect, it } from 'vitest';
import { serveEnvExcerpt } from './secret-placement-excerpt.js';

it('masks a lower-case $name that reads as a key in a serve.env excerpt', () => {
  const text = serveEnvExcerpt(
    '    serve: { command: node a.mjs, env: { PORT: "7311", G: "$ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", S: "$sk-live-51HabcdefGHIJKLmnop", H: "$HOME-dir", W: "$WRONG" } }',
  );
  expect(text).toMatch(/\$WRONG is sent as these characters/);
  expect(text).not.toMatch(/AbCdEf|51Habcdef/);
  expect(text).toMatch(/G: "\*{41}", S: "\*{28}", H: "\$HOME-dir"/);
});
