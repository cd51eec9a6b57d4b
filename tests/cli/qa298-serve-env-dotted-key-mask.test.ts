/**
 * Regression (QA298): ea3f43af stars a serve.env value holding a key pasted after a `$` in any case,
 * but read the name up to a `.`: a Google OAuth token so pasted, `$ya29.a0AfH6…`, was read `$ya29`
 * and printed whole in the excerpt of a diagnostic on its line (a flow mapping). A name with a
 * dot that is no key, `$HOME.bak`, is shown as written.
 */
import { expect, it } from 'vitest';
import { serveEnvExcerpt } from './secret-placement-excerpt.js';

it('masks a $name with a dot that reads as a key in a serve.env excerpt', () => {
  const text = serveEnvExcerpt(
    '    serve: { command: node a.mjs, env: { G: "$ya29.a0AfH6SMBx8kQeTr5sLmNoPqRsTuVwXyZ123", H: "$HOME.bak", W: "$WRONG" } }',
  );
  expect(text).toMatch(/\$WRONG is sent as these characters/);
  expect(text).not.toMatch(/a0AfH6/);
  expect(text).toMatch(/G: "\*{42}", H: "\$HOME\.bak"/);
});
