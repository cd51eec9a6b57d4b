/**
 * Regression (QA242): 331fda1 read `include: https://u:ab,cd@h/x.yaml` as one entry by not splitting
 * at a `,` followed by an `@` before any `/`. A password holding a `/` after its `,`
 * (`https://u:ab,c/d@h/x.yaml`, which the excerpt masks as a password) was still split, printing
 * 'include https://u:ab: …' and 'included file not found: c/d@h/x.yaml'; and a file name holding a
 * `@` after a `,` (`a.yaml,x@v2.yaml`) was no longer split, 'included file not found:
 * a.yaml,x@v2.yaml' of two files that are there. A `,` is kept only in a url's user and password.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

async function diagnostics(include: string): Promise<string> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1\ninclude: ${include}\nbenchmark: { id: b }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n`,
    'a.yaml': 'tasks: {}\n',
    'x@v2.yaml': 'tasks: {}\n',
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return JSON.stringify(r.diagnostics);
}

it('a url password holding a , and then a / is no second entry, and is not printed', async () => {
  const said = await diagnostics('"https://u:ab,c/dQA242pw@h/x.yaml"');
  expect(said).toContain('https:// is not a file evalc includes');
  expect(said).not.toContain('included file not found');
  expect(said).not.toMatch(/QA242pw|u:ab[:,]/);
});

it('two files written without brackets, the second holding a @, are two entries', async () => {
  const said = await diagnostics('"a.yaml,x@v2.yaml"');
  expect(said).not.toContain('EVALC_FILE_NOT_FOUND');
  expect(said).toContain('include: expected a list, got the string');
});
