/**
 * Regression (QA298): ea3f43af stars a serve.env value holding a key pasted after a `$` in any case,
 * but read the name up to a `.`: a Google OAuth token so pasted, `$ya29.a0AfH6…`, was read `$ya29`
 * and printed whole in the excerpt of a diagnostic on its line (a flow mapping). A name with a
 * dot that is no key, `$HOME.bak`, is shown as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

it('masks a $name with a dot that reads as a key in a serve.env excerpt', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa298-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      'evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1:\n    protocol: raip\n    url: http://127.0.0.1:9\n' +
        '    serve: { command: node a.mjs, env: { G: "$ya29.a0AfH6SMBx8kQeTr5sLmNoPqRsTuVwXyZ123", H: "$HOME.bak", W: "$WRONG" } }\ntasks: {}\n',
    );
    const loaded = loadPlanFile('evalc.yaml', dir);
    const text = renderDiagnostics(checkSecretPlacement(loaded.raw, loaded.locate), dir);
    expect(text).toMatch(/\$WRONG is sent as these characters/);
    expect(text).not.toMatch(/a0AfH6/);
    expect(text).toMatch(/G: "\*{42}", H: "\$HOME\.bak"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
