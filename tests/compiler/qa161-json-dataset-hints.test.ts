/**
 * A dataset line (JSONL) or file (JSON) that does not parse says how to fix it (QA161: a `# comment`
 * line, `{id: 3}`, a trailing comma, text after the object came with the parser's words alone).
 */
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';
import { loadDatasetPlan } from './plan-helpers.js';

const said = (text: string, format: 'jsonl' | 'json' = 'jsonl') =>
  parseDataset(`d.${format}`, text, format).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} | ${d.hint}`,
  );

describe('JSON dataset hints', () => {
  it('JSONL lines', () => {
    expect(
      said(
        [
          '# a comment',
          '{id: 3}',
          '{"id":"2","vars":{},}',
          "{'id':'4'}",
          '{"id":"5"} trailing',
          '{"id":"6","vars":{"q":"a"}',
          '{"id":"7" "vars":{}}',
          '{"id":"8","vars":{"q":yes}}',
        ].join('\n'),
      ),
    ).toEqual([
      '1:1 | a comment line in JSONL starts with `//`',
      '2:2 | JSON names a field in double quotes: {"id": "s1"}',
      '3:21 | remove the comma before it: JSON allows no trailing comma',
      `4:2 | JSON names a field in double quotes: "id", not 'id'`,
      '5:12 | one example per line: this line holds more after its object',
      '6:27 | put a `,` between two fields, or the `}` that closes the object here',
      '7:11 | put a `,` between two fields, or the `}` that closes the object here',
      '8:23 | a text value is in double quotes ("text"); true, false and null are written in lower case',
    ]);
  });

  it('JSONL lines that end with a lone CR (an old Mac line break) say so (QA176)', () => {
    // It read 'this line holds more after its object' of a file an editor shows one object a line.
    expect(said('{"id":"1"}\r{"id":"2"}\r')).toEqual([
      '1:12 | the lines of this file end with a lone CR (an old Mac line break): JSONL lines end with LF; save it with LF or CRLF line ends',
    ]);
    expect(said('{"id":"1"} x\r\n')).toEqual([
      '1:12 | one example per line: this line holds more after its object',
    ]);
    // A `//` comment that runs on past a lone CR is said too, at what it ran over (QA179: a file
    // opening with a comment was skipped whole, 'has no examples', and a line after one lost).
    const lone =
      'the lines of this file end with a lone CR (an old Mac line break): JSONL lines end with LF; save it with LF or CRLF line ends';
    expect(said('// ids\r{"id":"1"}\r{"id":"2"}\r')).toEqual([`1:8 | ${lone}`]);
    const lost = parseDataset('d.jsonl', '{"id":"0"}\n// note\r {"id":"3"}\n// a\r\n', 'jsonl');
    expect(lost.rows.map((r) => r.value)).toEqual([{ id: '0' }]);
    expect(lost.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
      '2:10 this `//` comment runs on past a lone CR, over the text after it',
    ]);
  });

  it('a JSON file: at the token the parser did not take, not at 1:1', () => {
    expect(said('[{"id":"1"},\n {"id":"2"},\n]\n', 'json')).toEqual([
      '3:1 | remove the comma before it: JSON allows no trailing comma',
    ]);
  });

  it("says the parser's words without its offset or its quote of the file, at the first error's line:col (QA170)", async () => {
    const first = (text: string, format: 'jsonl' | 'json' = 'json') =>
      parseDataset(`d.${format}`, text, format).diagnostics.map(
        (d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
      );
    // V8's `Unexpected token ''', ...",\n {"id": 'b'}\n]" is not valid JSON` quoted lines of the file.
    expect(first('[\n {"id": "a"},\n {"id": \'b\'}\n]')).toEqual([
      "3:9 invalid JSON: Unexpected character `'` | JSON strings are in double quotes, not ''",
    ]);
    expect(first('[{"id": 1,}]')).toEqual([
      '1:11 invalid JSON: Expected double-quoted property name | remove the comma before it: JSON allows no trailing comma',
    ]);
    expect(first('[\n {"id": "a", "q": "open}\n]\n')).toEqual([
      '2:25 invalid JSON: Bad control character in string literal | close the string with `"` before the line ends; a line break inside a string is written \\n',
    ]);
    expect(first('[\n {"id": tru}\n]')).toEqual([
      '2:12 invalid JSON: Unexpected character `}` | `tru` is no JSON value: a text value is in double quotes ("text"); true, false and null are written in lower case',
    ]);
    expect(first('[\n {"id": "a"}, // c\n {"id": 07}\n]')).toEqual([
      '2:15 invalid JSON: Unexpected character `/` | JSON has no comments: remove it (a .jsonl line starting with `//`, or a .yaml `#`, is one)',
    ]);
    expect(first('[{"id": 07}]')).toEqual([
      '1:10 invalid JSON: Unexpected number | a JSON number has no leading zero: 7, not 07 (write "07" to keep it as text)',
    ]);
    expect(first('[{"id": "a\\x"}]')).toEqual([
      '1:12 invalid JSON: Bad escaped character | a `\\` in a JSON string starts an escape (\\n, \\t, \\", \\\\): write a backslash itself as \\\\',
    ]);
    expect(first('{"id": "a"}\n{"id": \'b\'}', 'jsonl')).toEqual([
      "2:8 invalid JSON on this line: Unexpected character `'` | JSON strings are in double quotes, not ''",
    ]);
    // Read from a file with a BOM and CRLF line ends: the same line:col as without them (counted by hand:
    // line 3 is `  {"id": "b", "vars": {"q": "y"},},`, its second `}` at column 34).
    const loaded = await loadDatasetPlan('d.json', {
      'd.json':
        '\uFEFF[\r\n  {"id": "a", "vars": {"q": "x"}},\r\n  {"id": "b", "vars": {"q": "y"},},\r\n  {"id": "c" "vars": {}}\r\n]\r\n',
    });
    expect(
      loaded.diagnostics.map(
        (d) => `${d.source?.file.split('/').pop()}:${d.source?.line}:${d.source?.col} ${d.message}`,
      ),
    ).toEqual(['d.json:3:34 invalid JSON: Expected double-quoted property name']);
    expect(
      (await loadDatasetPlan('d.json', { 'd.json': '\uFEFF[{"id": 1,}]' })).diagnostics.map(
        (d) => `${d.source?.line}:${d.source?.col}`,
      ),
    ).toEqual(['1:11']);
  });
});
