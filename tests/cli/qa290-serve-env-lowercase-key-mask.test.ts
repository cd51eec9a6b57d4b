/**
 * Regression (QA290): d0d27085 stars a `serve.env` value holding a `$NAME` that reads as a key in a
 * diagnostic's excerpt, but only an upper-case one: a key pasted after a `$` as it is written,
 * `$ghp_AbCd…` or `$sk-live-51H…`, was printed whole in the excerpt of a warning on its line
 * (a flow mapping: one line holds every value). `$HOME-dir` and `PORT` are shown as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

it('masks a lower-case $name that reads as a key in a serve.env excerpt', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa290-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      'evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1:\n    protocol: raip\n    url: http://127.0.0.1:9\n' +
        '    serve: { command: node a.mjs, env: { PORT: "7311", G: "$ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", S: "$sk-live-51HabcdefGHIJKLmnop", H: "$HOME-dir", W: "$WRONG" } }\ntasks: {}\n',
    );
    const loaded = loadPlanFile('evalc.yaml', dir);
    const text = renderDiagnostics(checkSecretPlacement(loaded.raw, loaded.locate), dir);
    expect(text).toMatch(/\$WRONG is sent as these characters/);
    expect(text).not.toMatch(/AbCdEf|51Habcdef/);
    expect(text).toMatch(/G: "\*{41}", S: "\*{28}", H: "\$HOME-dir"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
