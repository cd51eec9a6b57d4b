/**
 * Regression (QA242): 331fda1 read `include: https://u:ab,cd@h/x.yaml` as one entry by not splitting
 * at a `,` followed by an `@` before any `/`. A password holding a `/` after its `,`
 * (`https://u:ab,c/d@h/x.yaml`, which the excerpt masks as a password) was still split, printing
 * 'include https://u:ab: …' and 'included file not found: c/d@h/x.yaml'; and a file name holding a
 * `@` after a `,` (`a.yaml,x@v2.yaml`) was no longer split, 'included file not found:
 * a.yaml,x@v2.yaml' of two files that are there. A `,` is kept only in a url's user and password.
 */
import { expect, it } from 'vitest';
import { includePlanDiagnostics } from '../fixtures/include-hint.js';

async function diagnostics(include: string): Promise<string> {
  return JSON.stringify(
    await includePlanDiagnostics(include, { 'a.yaml': 'tasks: {}\n', 'x@v2.yaml': 'tasks: {}\n' }),
  );
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
