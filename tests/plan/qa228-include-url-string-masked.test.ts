/**
 * Regression (QA228): `include: https://u:Passw0rd@host/x.yaml?token=…`, one url written for the
 * list, was refused with 'include: expected a list, got the string "https://u:Passw0rd@…"' and the
 * hint 'write a list, even of one item: include: [https://u:Passw0rd@…]': the password as written,
 * in the terminal and --json, where the list form's error (QA59) and the excerpt mask it. Both are
 * masked now; a plain path is said as written.
 */
import { expect, it } from 'vitest';
import { includePlanDiagnostics } from '../fixtures/include-hint.js';

async function said(include: string): Promise<string[]> {
  return (await includePlanDiagnostics(include))
    .filter((d) => d.code === 'EVALC_SCHEMA_TYPE')
    .map((d) => `${d.message} | ${d.hint}`);
}

it('a url written alone for the include list is said without its credentials', async () => {
  const out = await said('https://u:Passw0rd@h/x.yaml?token=9f8e7d6c5b4a');
  expect(out).toEqual([
    'include: expected a list, got the string "https://u:***@h/x.yaml?token=***" | write a list, even of one item: include: [https://u:***@h/x.yaml?token=***]',
  ]);
  expect(out.join('\n')).not.toMatch(/Passw0rd|9f8e7d6c/);
  expect(await said('https://u:ab/cd@h/x.yaml')).toEqual([
    'include: expected a list, got the string "https://u:***@h/x.yaml" | write a list, even of one item: include: [https://u:***@h/x.yaml]',
  ]);
  expect(await said('https://h:8080/a@b.yaml')).toEqual([
    'include: expected a list, got the string "https://h:8080/a@b.yaml" | write a list, even of one item: include: [https://h:8080/a@b.yaml]',
  ]);
  expect(await said('agents.yaml')).toEqual([
    'include: expected a list, got the string "agents.yaml" | write a list, even of one item: include: [agents.yaml]',
  ]);
});

async function allSaid(include: string): Promise<string> {
  return JSON.stringify(await includePlanDiagnostics(include));
}

it('an include url is said without a password holding a , or /, or its query credentials (QA232)', async () => {
  // c4d2fbd split `include: https://u:Pa55,wOrd@h/x.yaml` at the password's `,`: 'include https://u:Pa55: …'
  // and 'included file not found: wOrd@h/x.yaml'; QA59's 'is not a file evalc includes' printed a
  // `?token=…` and a password holding a `/` as written, in the list form too.
  const comma = await allSaid('https://u:Pa55,wOrdQA232@h/x.yaml');
  expect(comma).toContain('include https://h/x.yaml: https:// is not a file evalc includes');
  expect(comma).not.toMatch(/Pa55|wOrdQA232/);
  const list = await allSaid(
    '["http://v:ab/QA232cd@h/y.yaml?token=QA232tokenvalue", "https://u:p,QA232@h/z.yaml"]',
  );
  expect(list).toContain('include http://v:***@h/y.yaml?token=***: http:// is not a file evalc includes');
  expect(list).toContain('include https://h/z.yaml: https:// is not a file evalc includes');
  expect(list).not.toMatch(/QA232/);
  // two entries written without brackets are still two
  expect(await allSaid('a.yaml, https://u:pw@h/b.yaml')).toContain('included file not found: a.yaml');
});
