/**
 * A dataset line (JSONL) or file (JSON) that does not parse says how to fix it (QA161: a `# comment`
 * line, `{id: 3}`, a trailing comma, text after the object came with the parser's words alone).
 */
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';

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

  it('a JSON file: at the token the parser did not take, not at 1:1', () => {
    expect(said('[{"id":"1"},\n {"id":"2"},\n]\n', 'json')).toEqual([
      '3:1 | remove the comma before it: JSON allows no trailing comma',
    ]);
  });
});
