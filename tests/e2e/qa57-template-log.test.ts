/**
 * QA57: Handlebars' `{{log}}` helper wrote through console.info to stdout, so a template with
 * `{{log user_query}}` put its words inside `validate --json`'s JSON (every example is rendered
 * at validate). A template's log goes to stderr now; stdout stays the JSON document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './apply-harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa57-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a template that logs', () => {
  it('keeps validate --json parseable and says its log on stderr', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: qa57, version: 1.0.0 }',
        'agents:',
        '  a1: { protocol: raip, url: "http://127.0.0.1:9" }',
        'tasks:',
        '  t:',
        '    bindings:',
        `      default: { input: { query: "{{log 'rendering' user_query}}{{user_query}}" }, output: { answer: output.answer } }`,
        '    datasets: { d: { examples: [ { id: e1, vars: { user_query: intro ML } } ] } }',
        '    metrics: [{ type: contains, candidate: answer, expected: answer }]',
        '',
      ].join('\n'),
    );
    const result = await runCli(['validate', '--json'], { cwd: dir });
    expect(() => JSON.parse(result.stdout)).not.toThrow();
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true });
    expect(result.stderr).toContain('rendering intro ML');
  });
});
