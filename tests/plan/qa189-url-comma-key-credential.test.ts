/**
 * QA189: an unquoted url in braces ends at its first `,` (`a3: { protocol: raip, url:
 * http://h/a?q=x,y&api_key=… }`): the rest of its query was read as a key and said whole, 'unknown
 * key `y&api_key=abc123secretvalue`', in the message and --json's path, while the excerpt masked
 * the credential (9ab4890's case next door), and with no word of why. Its credential is masked as
 * everywhere else, and the hint says to quote the url.
 */
import { expect, it } from 'vitest';
import { planDiagnostics } from '../compiler/plan-helpers.js';

const TASK = `tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

it('masks a credential in the rest of a url read as a key, and says to quote the url', async () => {
  const diagnostics = await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a3: { protocol: raip, url: http://h/a?q=x,y&api_key=abc123secretvalue&page=2 }
${TASK}`);
  const unknown = diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY');
  expect(unknown.map((d) => d.message)).toEqual(['unknown key `y&api_key=***&page=2` in agents.a3']);
  expect(JSON.stringify(diagnostics)).not.toContain('abc123secretvalue');
  expect(unknown[0]?.hint).toContain('a `,` ends an unquoted value inside { … }');
});

it('says to quote a url cut at a comma with no credential, and names a misspelt key as before', async () => {
  const diagnostics = await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a3: { protocol: raip, url: http://h/a?q=x,y&page=2, limts: { timeout: 5s } }
${TASK}`);
  expect(
    diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => `${d.message} | ${d.hint}`),
  ).toEqual([
    'unknown key `y&page=2` in agents.a3 | a `,` ends an unquoted value inside { … }: the url stopped there and the rest of it was read as this key; quote the url (url: "http://…?a=1,2")',
    'unknown key `limts` in agents.a3 | did you mean `limits`?',
  ]);
});
