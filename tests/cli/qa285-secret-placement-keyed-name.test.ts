/**
 * QA285: a key pasted as the name of a `${env.…}` outside headers and serve.env (a url, a model, a
 * binding's input) is refused EVALC_SECRET_PLACEMENT; the message quoted the reference whole and the
 * excerpt printed it (e1cc0d39 and e1bd9063 said and starred it in a header only); so did one left
 * open there (`${env.ghp_…`, said `${env…` already) and one without `env.` (`${ghp_…}`, quoted whole). They
 * are said `${env…}` / `${…}` and starred in the excerpt; a name is said as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { loadPlanFile } from '../../src/plan/load.js';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

function said(agent: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa285-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1:\n    protocol: openai\n${agent}\ntasks: {}\n`,
    );
    const loaded = loadPlanFile('evalc.yaml', dir);
    return renderDiagnostics(checkSecretPlacement(loaded.raw, loaded.locate), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it.each([
  ['a url', `    url: http://127.0.0.1:9/v1/\${env.${KEY}}`],
  ['a model', `    url: http://127.0.0.1:9/v1\n    model: "\${env.${KEY}}"`],
])('says and stars a key pasted as the name of a reference in %s', (_, agent) => {
  const text = said(agent);
  expect(text).toContain('EVALC_SECRET_PLACEMENT: ${env…} is only allowed in headers and serve.env');
  expect(text).toContain('*'.repeat(KEY.length + 7));
  expect(text).not.toContain('MnOpQr');
});

it.each([
  [
    'left open in a url',
    `    url: http://127.0.0.1:9/v1/\${env.${KEY}`,
    'unterminated reference ${env… (no closing `}`)',
    37,
  ],
  [
    'without env. in a system prompt',
    `    url: http://127.0.0.1:9/v1\n    system: "\${${KEY}}"`,
    'malformed reference ${…}',
    43,
  ],
])('says and stars a key in a reference %s', (_, agent, message, stars) => {
  const text = said(agent);
  expect(text).toContain(message);
  expect(text).toContain('*'.repeat(stars));
  expect(text).not.toContain('MnOpQr');
});

it('says a name as written', () => {
  const text = said('    url: http://127.0.0.1:9/v1\n    model: "${env.MODEL_NAME}"');
  expect(text).toContain('${env.MODEL_NAME} is only allowed in headers and serve.env');
  expect(text).toContain('    model: "${env.MODEL_NAME}"');
});
