/**
 * The set-up of the tests of what `validate` shows of a value the secret-placement check warns about
 * (QA232, QA242, QA285, QA290, QA298): a plan of one agent `a1` written to a temp folder, and the
 * rendered diagnostics of its check, excerpts included. The folder is removed before it returns.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

/** The rendered secret-placement diagnostics of a plan whose agent `a1` is `agent` (its lines, indented 4). */
export function secretPlacementText(agent: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-secret-placement-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1:\n${agent}\ntasks: {}\n`,
    );
    const loaded = loadPlanFile('evalc.yaml', dir);
    return renderDiagnostics(checkSecretPlacement(loaded.raw, loaded.locate), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same of a raip agent at http://127.0.0.1:9 whose `serve:` is `serve` (its lines, indented 4). */
export function serveEnvExcerpt(serve: string): string {
  return secretPlacementText(`    protocol: raip\n    url: http://127.0.0.1:9\n${serve}`);
}
