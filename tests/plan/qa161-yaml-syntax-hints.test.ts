/**
 * The YAML reader's usual syntax errors come with how to fix them (QA161: a tab in the indentation,
 * `key:value`, an item one space off, `@` at a value's start came with no hint).
 */
import { describe, expect, it } from 'vitest';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

const said = (text: string) =>
  parseYamlFile('e.yaml', text).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
  );

describe('YAML syntax hints', () => {
  it('a tab in the indentation', () => {
    expect(said('evalc: 1\nbenchmark:\n\tid: x\n')).toEqual([
      '3:1 Tabs are not allowed as indentation | indent with spaces: YAML refuses a tab in indentation (set the editor to insert spaces in .yaml files)',
    ]);
  });

  it('a mapping written on its key’s line', () => {
    expect(said('agents:\n  a1: protocol: raip\n')[0]).toMatch(
      / \| a value that is itself a mapping goes on its own, more indented lines, or in braces \(`a1: \{ protocol: raip \}`\)/,
    );
  });

  it('items not lined up, no space after a colon, a reserved first character, a doubled comma', () => {
    expect(
      said('evalc: 1\nagents:\n  a1: { protocol: raip }\n   a2: {}\n').map((s) => s.split(' | ')[1]),
    ).toContain('indent this key with as many spaces as the other items beside it');
    expect(said('k: v\nk2:v2\n').map((s) => s.split(' | ')[1])).toContain(
      'write a space after the colon (`key: value`); quote a text that is no key',
    );
    expect(said('a: @b\n')).toEqual([
      '1:4 Plain value cannot start with reserved character @ | quote the value: a plain value cannot start with @ ("@…")',
    ]);
    expect(said('r: { a: 1,, b: 2 }\n')).toEqual([
      '1:11 Unexpected , in flow map | remove the extra comma: items are separated by one comma',
    ]);
  });

  it('lines that end with a lone CR (an old Mac line break): one error that says so (QA179)', () => {
    // The reader takes such a file for one line: it read ten errors, one per token, none about it.
    const plan =
      'evalc: 1\rbenchmark: { id: m }\ragents:\r  a1: { protocol: raip, url: http://h }\rmetrics: []\r';
    expect(said(plan)).toEqual([
      '1:9 the lines of this file end with a lone CR (an old Mac line break), which YAML here does not end a line at | save it with LF or CRLF line ends',
    ]);
    expect(said('- id: q1\r  vars: { q: "a" }\r- id: q2\r')).toHaveLength(1);
    // The same lines ended with LF or CRLF read, and a CR inside a CRLF file is not the file's line end.
    expect(said(plan.replaceAll('\r', '\n'))).toEqual([]);
    expect(said(plan.replaceAll('\r', '\r\n'))).toEqual([]);
    expect(said('evalc: 1\r\nk:v\rx\r\n').join()).not.toMatch(/lone CR/);
    // One opening with a comment (evalc init's schema line) read empty: 'the plan file is empty'.
    expect(said(`# yaml-language-server: $schema=s.json\r${plan}`)).toEqual([
      '1:39 the lines of this file end with a lone CR (an old Mac line break), which YAML here does not end a line at | save it with LF or CRLF line ends',
    ]);
    expect(said('# only a comment\r\r')).toEqual([]);
    // A LF file with a stray CR in its first line is said its own error (QA187: it read 'the lines of
    // this file end with a lone CR', which they do not, and its `{` left open was not said).
    expect(said('# note\r(pasted)\nevalc: 1\nagents:\n  a1: { protocol: raip\nmetrics: []\n').join()).toMatch(
      /^4:7 this `\{` has no `\}`/,
    );
    expect(said('evalc: 1 # v\r2\nagents: { a1: \n').join()).not.toMatch(/lone CR/);
    // A first line that ends with LF above them (the schema line added in an editor) is no matter
    // (QA191: it read 'Nested mappings are not allowed in compact mappings' and more, none about them).
    expect(said(`# yaml-language-server: $schema=s.json\n${plan}`)).toEqual([
      '2:9 the lines of this file end with a lone CR (an old Mac line break), which YAML here does not end a line at | save it with LF or CRLF line ends',
    ]);
  });
});
