/**
 * The YAML hints fit the line the reader stopped at (QA166): a line with no colon was told 'write a
 * space after the colon', a line indented past its sibling key 'a value that is itself a mapping goes
 * on its own lines'; a text holding `: ` or a missing comma inside `{ }`, and a `}` that closes
 * nothing, came with no hint. The hints QA161 gave where they fit are kept.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

const hints = (text: string) =>
  parseYamlFile('e.yaml', text).diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.hint}`);
const HEAD = 'evalc: 1\nbenchmark: { id: x }\n';

describe('YAML hints where the reader stopped', () => {
  it('a key without its colon, and a list item among keys', () => {
    expect(hints(`${HEAD}agents\n  a1: {}\n`)).toContain(
      '3:1 a line of a mapping is `key: value`: end the key with a colon (`agents:`)',
    );
    expect(hints(`${HEAD}- a\n`)).toContain(
      '3:1 a `- ` item belongs to a list under a key: indent it below the `key:` whose list it is',
    );
    expect(hints(`${HEAD}- a\n`).join('\n')).not.toContain('space after the colon');
  });

  it('a line indented past its sibling continues the value above it', () => {
    expect(hints(`${HEAD}agents:\n  a1:\n    protocol: raip\n     url: http://x\n`)[0]).toBe(
      '5:15 the next line is indented further than the key above it, so it continues that value: indent its key as the others beside it',
    );
    // A mapping written on its key's line keeps QA161's hint.
    expect(hints('agents:\n  a1: protocol: raip\n')[0]).toMatch(
      /a value that is itself a mapping goes on its own/,
    );
  });

  it('a text with `: ` or a missing comma inside braces, and a closer of nothing', () => {
    expect(hints(`${HEAD.replace('{ id: x }', '{ id: x, description: Eval: the first }')}`)).toEqual([
      '2:34 inside `{ }` and `[ ]` items are separated by commas, and a text that holds `: ` is quoted ("Eval: the first")',
    ]);
    expect(hints(`${HEAD}run: { repeats: 2 seed: 3 }\n`)[0]).toMatch(
      /^3:\d+ inside `\{ \}` and `\[ \]` items are separated by commas/,
    );
    expect(hints(`${HEAD}agents:\n  a1: { protocol: raip }}\n`)).toEqual([
      '4:25 remove this `}`: it closes no `{`',
    ]);
  });

  it('an unquoted ${env.X} inside braces is told to quote it, and the } after it is not said to close nothing', () => {
    const said = hints(`${HEAD}agents:\n  a1: { protocol: raip, headers: { x-key: \${env.KEY} } }\n`);
    expect(said[0]).toBe(
      '4:44 quote a value that holds `${…}` inside `{ }` or `[ ]`: "${env.KEY}" (there a `{` starts a mapping)',
    );
    expect(said.join('\n')).not.toContain('closes no');
    expect(hints(`${HEAD}agents:\n  a1: { protocol: raip, headers: { x-key: "\${env.KEY}" } }\n`)).toEqual(
      [],
    );
    // A literal in the braces is not quoted back (a header value is a secret).
    const literal = hints(
      `${HEAD}agents:\n  a1: { protocol: raip, headers: { x-key: \${sk-QA166-secret} } }\n`,
    );
    expect(literal[0]).toMatch(/: "\$\{env\.NAME\}" \(there a `\{` starts a mapping\)$/);
    expect(literal.join('\n')).not.toContain('QA166-secret');
  });

  it('a list item among the keys of a mapping', () => {
    expect(hints(`${HEAD}gates:\n  metric: pass_rate\n  - { metric: x, min: 1 }\n`)[0]).toBe(
      "5:1 a `- ` item cannot sit among a mapping's keys: write every entry as a `- ` item, or indent the list under the key it belongs to",
    );
  });

  it('says the tokens past an early end of the document once, and a stray closer among them still (QA172)', () => {
    // The unquoted ${env.KEY} ended the document; each token of the lines below read an error of its
    // own ("Unexpected scalar token in YAML stream: \"tasks\"", …: 106 for a 20-line plan).
    const rest = 'tasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" } } }\n';
    const said = parseYamlFile(
      'e.yaml',
      `${HEAD}agents:\n  a1: { protocol: raip, headers: { x-key: \${env.KEY} } }\n${rest}]\nrun: { seed: 1 }\n`,
    ).diagnostics.map(
      (d) => `${d.source?.line}:${d.source?.col} ${d.message}${d.hint ? ` | ${d.hint}` : ''}`,
    );
    expect(said.filter((d) => d.includes('in YAML stream'))).toEqual([
      '4:56 Unexpected flow-map-end token in YAML stream: "}"',
      '8:1 Unexpected flow-seq-end token in YAML stream: "]" | remove this `]`: it closes no `[`',
    ]);
    expect(said[0]).toMatch(/^4:44 .* \| quote a value that holds `\$\{…\}`/);
  });

  it('keeps the colon hint for key:value', () => {
    expect(hints('k: v\nk2:v2\n').join('\n')).toContain('write a space after the colon (`key: value`)');
  });
});
