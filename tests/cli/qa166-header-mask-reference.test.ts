/**
 * A diagnostic's excerpt masks header values (QA60) and keeps `${env.X}` readable, also where YAML
 * could not read the value whole: `x-key: ${env.KEY}` unquoted inside `{ }` is the value `$` followed
 * by a mapping, and the excerpt at that very error read `x-key: *{env.KEY}`, a line the file does not
 * hold (QA166). A literal value is still masked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { headerValueSpans, maskSpans } from '../../src/cli/header-value-mask.js';
import { renderDiagnostics } from '../../src/cli/render-diagnostics.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

it('keeps a reference whose value span ends inside it, and masks the literal beside it', () => {
  const line = '    headers: { authorization: "Bearer sk-QA166", x-key: ${env.KEY} }';
  const text = `agents:\n  a1:\n${line}\n`;
  expect(maskSpans(line, headerValueSpans(text).get(2))).toBe(
    '    headers: { authorization: "****** ********", x-key: ${env.KEY} }',
  );
});

it('masks a header value of a plan whose lines end with a lone CR, on its one line (QA187)', () => {
  // Read as one line, its excerpt under 'the lines of this file end with a lone CR' is the whole plan,
  // and the token was printed as written.
  const text =
    'evalc: 1\ragents: { a1: { protocol: raip, url: http://h, headers: { authorization: "Bearer sk-QA187" } } }\r';
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa187-cr-mask-'));
  try {
    writeFileSync(path.join(dir, 'evalc.yaml'), text);
    const said = renderDiagnostics(parseYamlFile('evalc.yaml', text).diagnostics, dir);
    expect(said).toMatch(/lone CR/);
    expect(said).toMatch(/authorization: "\*\*\*\*\*\* \*\*\*\*\*\*\*\*"/);
    expect(said).not.toMatch(/sk-QA187/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('masks a header value of a LF plan with a stray CR in a comment that breaks its LF reading (QA191)', () => {
  // Read with LF for the lone CR, `  - old: [x` made the file no mapping: 7d7a116 found no headers, and
  // an unknown key's excerpt of the header's line printed the token as written.
  const text =
    '# pasted note\r  - old: [x\nevalc: 1\nagents:\n  a3: { protocol: raip, url: http://h, headers: { authorization: "Bearer sk-QA191" }, limitz: 2 }\n';
  const line = text.split('\n')[3]!;
  const masked = maskSpans(line, headerValueSpans(text).get(3));
  expect(masked).toBe(
    '  a3: { protocol: raip, url: http://h, headers: { authorization: "****** ********" }, limitz: 2 }',
  );
});

it('masks a header value of a plan larger than 1 MB, one of inline examples (QA191)', () => {
  // Such a file was taken for a dataset and never parsed: its header values were printed as written.
  const examples = Array.from(
    { length: 6000 },
    (_, i) => `      - { id: e${i}, vars: { q: "${'x'.repeat(200)}" } }`,
  );
  const text = `evalc: 1\nagents:\n  a1: { protocol: raip, url: http://h, headers: { authorization: "Bearer sk-QA191" }, limitz: 2 }\ntasks:\n  t:\n    datasets:\n      d:\n        examples:\n${examples.join('\n')}\n`;
  expect(text.length).toBeGreaterThan(1 << 20);
  const line = text.split('\n')[2]!;
  expect(maskSpans(line, headerValueSpans(text).get(2))).toBe(
    '  a1: { protocol: raip, url: http://h, headers: { authorization: "****** ********" }, limitz: 2 }',
  );
});

it.each([
  ['"agents":', '"agents":'],
  ["'judges':", "'judges':"],
])('masks a header value of a plan larger than 1 MB whose section key is quoted, %s (QA196)', (_, key) => {
  // Only an unquoted `agents:` at a line's start made a large file a plan: such a one printed its
  // header values as written.
  const examples = Array.from(
    { length: 6000 },
    (_, i) => `      - { id: e${i}, vars: { q: "${'x'.repeat(200)}" } }`,
  );
  const text = `${key}\n  a1: { protocol: raip, url: http://h, headers: { authorization: "Bearer sk-QA196" }, limitz: 2 }\ntasks:\n  t:\n    datasets:\n      d:\n        examples:\n${examples.join('\n')}\n`;
  expect(text.length).toBeGreaterThan(1 << 20);
  const at = text.split('\n').findIndex((l) => l.includes('sk-QA196'));
  const line = text.split('\n')[at]!;
  expect(maskSpans(line, headerValueSpans(text).get(at))).toBe(
    '  a1: { protocol: raip, url: http://h, headers: { authorization: "****** ********" }, limitz: 2 }',
  );
});

it('masks a header value of a JSON plan larger than 1 MB (QA196)', () => {
  const examples = Array.from(
    { length: 6000 },
    (_, i) => `{ "id": "e${i}", "vars": { "q": "${'x'.repeat(200)}" } }`,
  );
  const agent =
    '    "a1": { "protocol": "raip", "url": "http://h", "headers": { "authorization": "Bearer sk-QA196" }, "limitz": 2 }';
  const text = `{\n  "agents": {\n${agent}\n  },\n  "tasks": { "t": { "datasets": { "d": { "examples": [\n${examples.join(',\n')}\n  ] } } } }\n}\n`;
  expect(text.length).toBeGreaterThan(1 << 20);
  expect(maskSpans(agent, headerValueSpans(text).get(2))).toBe(
    '    "a1": { "protocol": "raip", "url": "http://h", "headers": { "authorization": "****** ********" }, "limitz": 2 }',
  );
});

it.each([
  ['a list', '[Bearer sk-QA196]', '[****** ********]'],
  ['a mapping', '{ Bearer: sk-QA196 }', '{ ******: ******** }'],
  ['nested', '[{ x: [sk-QA196] }]', '[{ *: [********] }]'],
])('masks a header value written as %s by mistake (QA196)', (_, value, masked) => {
  // Refused 'expected string, got a list', its excerpt printed the token as written.
  const text = `evalc: 1\nagents:\n  a1:\n    protocol: raip\n    headers:\n      authorization: ${value}\n`;
  const line = text.split('\n')[5]!;
  expect(maskSpans(line, headerValueSpans(text).get(5))).toBe(`      authorization: ${masked}`);
});

it.each([
  [
    'headers as a list',
    'headers: [{ name: authorization, value: "Bearer sk-QA198" }]',
    'headers: [{ name: *************, value: "****** ********" }]', // keys shown (QA208)
  ],
  [
    'headers as a list of lines',
    'headers: ["authorization: Bearer sk-QA198"]',
    'headers: ["************** ****** ********"]',
  ],
  [
    'header misspelt',
    'header: { authorization: "Bearer sk-QA198" }',
    'header: { authorization: "****** ********" }',
  ],
  [
    'Headers misspelt',
    'Headers: { authorization: "Bearer sk-QA198" }',
    'Headers: { authorization: "****** ********" }',
  ],
])('masks the values of %s (QA198)', (_, written, masked) => {
  // Refused 'expected a mapping, got a list' or 'unknown key `header`', the excerpt printed the token.
  const text = `evalc: 1\njudges:\n  j:\n    protocol: openai\n    ${written}\n`;
  const line = text.split('\n')[4]!;
  expect(maskSpans(line, headerValueSpans(text).get(4))).toBe(`    ${masked}`);
});

it('masks a header value of a minified JSON plan larger than 1 MB, one line (QA198)', () => {
  // `"agents":` after the `{` or a `,` of the one line: only one at a line's start made it a plan.
  const examples = Array.from({ length: 6000 }, (_, i) => ({ id: `e${i}`, vars: { q: 'x'.repeat(200) } }));
  const text = JSON.stringify({
    evalc: 1,
    agents: { a1: { protocol: 'raip', url: 'http://h', headers: { authorization: 'Bearer sk-QA198' } } },
    tasks: { t: { datasets: { d: { examples } } } },
  });
  expect(text.length).toBeGreaterThan(1 << 20);
  const masked = maskSpans(text, headerValueSpans(text).get(0));
  expect(masked).toContain('"headers":{"authorization":"****** ********"}');
});

it.each([
  ['headers', 'x-common: &h { authorization: "Bearer sk-QA198" }', '  a1: { protocol: raip, headers: *h }'],
  [
    'a header value',
    'x-token: &t "Bearer sk-QA198"',
    '  a1: { protocol: raip, headers: { authorization: *t } }',
  ],
  [
    'a merge key',
    'x-base: &b { headers: { authorization: "Bearer sk-QA198" } }',
    '  a1: { <<: *b, protocol: raip }',
  ],
  ['an agent', 'x-agent: &a { protocol: raip, headers: { authorization: "Bearer sk-QA198" } }', '  a1: *a'],
])('masks a header value at the anchor of an alias for %s (QA198)', (_, anchor, use) => {
  // Refused 'unknown key `x-common`', the anchor's line printed the token as written.
  const text = `evalc: 1\n${anchor}\nagents:\n${use}\n  a2: &self [*self]\n`;
  expect(maskSpans(anchor, headerValueSpans(text).get(1))).not.toContain('sk-QA198');
  expect(maskSpans(anchor, headerValueSpans(text).get(1))).toContain('****** ********');
});

it.each([
  ['indented with a tab', '\theaders: { authorization: "Bearer sk-QA198" }'],
  ['at the top level', 'headers: { authorization: "Bearer sk-QA198" }'],
])('masks the values of headers %s (QA198)', (_, line) => {
  // YAML read the tab-indented line as a top-level key: 'Tabs are not allowed as indentation'
  // printed the token as written.
  const text = `evalc: 1\nagents:\n  a1:\n    protocol: raip\n${line}\ntasks: {}\n`;
  expect(maskSpans(line, headerValueSpans(text).get(4))).toBe(
    line.replace('Bearer sk-QA198', '****** ********'),
  );
});

it.each([
  [
    "a binding's input",
    'evalc: 1\nagents:\n  a1: { protocol: raip, url: http://h, headers: { authorization: "Bearer sk-QA208" } }\ntasks:\n  t:\n    bindings:\n      default:\n        input: { q: "{{q}}", headers: { x-trace: "{{nope}}" } }\n',
    7,
  ],
  [
    'an inline example',
    'evalc: 1\ntasks:\n  t:\n    datasets:\n      d:\n        examples:\n          - { id: e1, vars: { headers: { accept: text/plain } } }\n',
    6,
  ],
  ['a YAML dataset', '- id: e1\n  vars: { headers: { accept: text/plain-Abc123 } }\n', 1],
  ['a JSONL dataset', '{"id":"e1","vars":{"headers":{"accept":"text/plain-Abc123"}}}\n', 0],
])('keeps a `headers:` of %s as written, plan content (QA208)', (_, text, at) => {
  // d12c6d2 read every `headers:` of a file: a template error's excerpt starred the `{{nope}}` it was about.
  expect(headerValueSpans(text).get(at)).toBeUndefined();
  if (at === 7) expect(headerValueSpans(text).get(2)).toBeDefined();
});

it('masks a header line indented one column short of its mapping (QA208)', () => {
  // YAML reads `x-key` as a key of the agent beside `headers:` ('All mapping items must start at
  // the same column'): the excerpt printed its value as written.
  const text =
    'evalc: 1\nagents:\n  a1:\n    protocol: raip\n    headers:\n      authorization: "Bearer x"\n     x-key: "AbcdSecret99"\n     limitz: 2\n  a2:\n    protocol: raip\n     url: http://h\n';
  const lines = text.split('\n');
  expect(maskSpans(lines[6]!, headerValueSpans(text).get(6))).toBe('     x-key: "************"');
  expect(maskSpans(lines[7]!, headerValueSpans(text).get(7))).toBe('     limitz: *');
  // a key out of its column with no `headers:` before it is shown as written
  expect(headerValueSpans(text).get(10)).toBeUndefined();
});

it.each([
  ['3 columns, beside the agent', '   '],
  ['2 columns, an agent of its own', '  '],
  ['1 column, beside the plan', ' '],
  ['0 columns, a key of the plan', ''],
])('masks a header line indented %s (QA208)', (_, indent) => {
  // 'All mapping items must start at the same column', or `agents.x-key: expected a mapping`:
  // the excerpt printed the value as written.
  const text = `evalc: 1\nagents:\n  a1:\n    protocol: raip\n    headers:\n      authorization: "Bearer x"\n${indent}x-key: "AbcdSecret99"\ntasks: {}\n`;
  expect(maskSpans(`${indent}x-key: "AbcdSecret99"`, headerValueSpans(text).get(6))).toBe(
    `${indent}x-key: "************"`,
  );
  expect(headerValueSpans(text).get(7)).toBeUndefined();
});

it('ends a self-referencing block mapping (QA208)', () => {
  const text = 'evalc: 1\nx: &m\n  a: *m\n y: "AbcdSecret99"\n';
  expect(() => headerValueSpans(text)).not.toThrow();
});

it('keeps a plan key after agents that end in headers as written (QA208)', () => {
  const text = 'agents:\n  a1:\n    headers:\n      authorization: "Bearer x"\nevalc: 1\n';
  expect(headerValueSpans(text).get(4)).toBeUndefined();
});

it('masks a reference whose name reads as a key pasted in its place (QA280)', () => {
  // `${env.ghp_…}}` is warned 'the `}` after ${env…}', `$AKIA…` '$… is sent as these characters': the
  // excerpt kept the reference readable, and so printed the key whole.
  const line =
    '    headers: { authorization: "Bearer ${env.ghp_AbCdEf0123456789AbCdEf0123456789AbCd}}", x-a: "$AKIAIOSFODNN7EXAMPLE", x-b: "${env.A1_TOKEN}}" }';
  const text = `agents:\n  a1:\n${line}\n`;
  expect(maskSpans(line, headerValueSpans(text).get(2))).toBe(
    `    headers: { authorization: "****** ${'*'.repeat(48)}", x-a: "${'*'.repeat(21)}", x-b: "\${env.A1_TOKEN}*" }`,
  );
});
