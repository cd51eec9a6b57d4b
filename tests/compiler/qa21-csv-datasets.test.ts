/**
 * QA21: a CSV dataset is read right or refused at its line, never with silently shifted,
 * dropped or defaulted cells: empty weight / human_score cells are "not given" (weight 1, not 0),
 * duplicate or overlapping columns, ragged rows and unnamed columns with data are errors,
 * Excel's semicolon files are read, dotted column names nest, and `expected_sha256.<name>`,
 * `turns` and `tags` columns fill those fields.
 */
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';
import type { LoadResult } from '../../src/compiler/load-plan.js';
import { loadDatasetPlan } from './plan-helpers.js';

const csv = (text: string) => parseDataset('d.csv', text, 'csv');
const values = (text: string) => csv(text).rows.map((r) => r.value);
const messages = (text: string) => csv(text).diagnostics.map((d) => `${d.source?.line}: ${d.message}`);

const loadCsv = (text: string): Promise<LoadResult> => loadDatasetPlan('d.csv', { 'd.csv': text });

describe('CSV datasets (QA21)', () => {
  it('reads an empty weight or human_score cell as not given: weight 1, no human score', async () => {
    const r = await loadCsv('id,q,weight,human_score\n1,a,,\n2,b,3,0.5\n');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const examples = r.resolved?.datasets[0]?.examples ?? [];
    expect(examples.map((e) => [e.id, e.weight, e.human_score])).toEqual([
      ['1', 1, undefined],
      ['2', 3, 0.5],
    ]);
  });

  it('refuses a weight cell that is not a number, at its line', async () => {
    const r = await loadCsv('id,q,weight\n1,a,x\n');
    expect(r.diagnostics.map((d) => [d.code, d.source?.line, d.message])).toEqual([
      [
        'EVALC_EXAMPLE_INVALID',
        2,
        'invalid example (weight): Invalid input: expected number, received string',
      ],
    ]);
  });

  it('refuses a header that names one field twice, whichever way it is spelled', () => {
    expect(messages('id,q,q\n1,a,b\n')).toEqual(['1: the header names column "q" twice']);
    expect(messages('id,q,vars.q\n1,a,b\n')).toEqual(['1: columns "q" and "vars.q" both set vars.q']);
    expect(messages('id,expected.answer,expected\n1,a,b\n')).toEqual([
      '1: columns "expected.answer" and "expected" both set expected',
    ]);
    expect(csv('id,q,q\n1,a,b\n').rows).toEqual([]);
  });

  it('refuses every ragged row at its own line and keeps the others', () => {
    const parsed = csv('id,q\n1,a\n2\n3,c,extra\n4,d\n');
    expect(parsed.diagnostics.map((d) => `${d.source?.line}: ${d.message}`)).toEqual([
      '3: this row has 1 cell, the header has 2',
      '4: this row has 3 cells, the header has 2',
    ]);
    expect(parsed.rows.map((r) => [(r.value as { id: string }).id, r.line])).toEqual([
      ['1', 2],
      ['4', 5],
    ]);
  });

  it('gives each row the line it starts on, after quoted line breaks and blank lines', () => {
    const parsed = csv('id,q\n1,"two\nlines"\n\n2,b\n');
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 5]);
    expect(values('id,q\n1,"two\nlines"\n')).toEqual([{ id: '1', vars: { q: 'two\nlines' } }]);
    // Lines are what `\n` ends, as in every file: the reader counts a `\r` in a cell as a line of its
    // own (QA170: each row below a lone `\r`, an old Mac line break, was said a line too low; a CRLF
    // in a cell, two lines, though datasets.ts makes CRLF `\n` before this reader sees it).
    const crlf = csv('id,"long\r\nname"\r\n1,"two\r\nlines"\r\n2,"a\rb"\r\n\r\n3,c\r\n4,x,y\r\n');
    expect(crlf.rows.map((r) => r.line)).toEqual([3, 5, 7]);
    expect(crlf.diagnostics.map((d) => `${d.source?.line}: ${d.message}`)).toEqual([
      '8: this row has 3 cells, the header has 2',
    ]);
    // A `\r` trimmed off a cell's edge was still a line to the reader (the ragged row read 4).
    expect(messages('id,q\n1,"a"\r\f\n2,x,y\n')).toEqual(['3: this row has 3 cells, the header has 2']);
  });

  it('counts the lines of a file whose rows end with a lone CR (Excel\'s "CSV (Macintosh)", QA172)', () => {
    // Every row of it read line 1: lines were counted by `\n` alone, which such a file holds none of.
    const mac = csv('\uFEFFid,q\r1,a\r\r2,"b\rc"\r3,x,y\r');
    expect(mac.rows.map((r) => r.line)).toEqual([2, 4]);
    expect(mac.diagnostics.map((d) => `${d.source?.line}: ${d.message}`)).toEqual([
      '6: this row has 3 cells, the header has 2',
    ]);
    const quote = csv('id,q\r1,a\r2,b"c\r').diagnostics[0];
    expect([quote?.source?.line, quote?.source?.col]).toEqual([3, 4]);
    // A quoted LF above it is no line, as for the rows (QA179: said at 4:4, under an empty excerpt).
    expect(messages('id,q\r1,"a\nb"\r2,b"c\r')).toEqual([
      '3: invalid CSV: a `"` inside a cell that does not start with one',
    ]);
    expect(messages('id,q\r1,"a\nb"\r2,c\r3,"open\r')).toEqual([
      '4: invalid CSV: this `"` is never closed: the rest of the file was read into its cell',
    ]);
    // Lines of both kinds (rows appended with LF to a CR file): the row that ran on past a LF is said
    // with that, not 'quote a cell that holds a comma' (QA176).
    expect(csv('id,q\r1,a\n2,b\r3,c\r').diagnostics.map((d) => `${d.source?.line}: ${d.hint}`)).toEqual([
      '2: this file ends some lines with a lone CR (an old Mac line break) and others with LF: rows end at the kind its first line ends with; save it with one kind of line end',
    ]);
    expect(csv('id,q\n1,"a\rb"\n2,x,y\n').diagnostics.map((d) => d.hint)).toEqual([
      'quote a cell that holds a comma ("a, b"), and give every row one cell per column',
    ]);
    // Only the row that ran on is told the line ends: a comma too many in a file with a line of the
    // other kind elsewhere (a lone CR on another row, a LF after the last row) is told the comma (QA179).
    const comma = '3: quote a cell that holds a comma ("a, b"), and give every row one cell per column';
    expect(csv('id,q\r1,a\r2,x,y\r3,b\n').diagnostics.map((d) => `${d.source?.line}: ${d.hint}`)).toEqual([
      comma,
    ]);
    expect(csv('id,q\n1,a\rb\n2,x,y\n').diagnostics.map((d) => `${d.source?.line}: ${d.hint}`)).toEqual([
      '2: this file ends some lines with a lone CR (an old Mac line break) and others with LF: rows end at the kind its first line ends with; save it with one kind of line end',
      comma,
    ]);
    // A row that ran on past a LF with as many cells as the header (one column, rows appended with
    // `echo >>`) is refused too (QA179: ids 2 and 3 read as one id `2⏎3`, nothing said); a quoted LF
    // is a cell's, and a CRLF line end among lone CRs (read as LF) runs on as a LF does.
    const ranOn = csv('id\r1\r2\n3\n');
    expect(ranOn.rows.map((r) => r.value)).toEqual([{ id: '1', vars: {} }]);
    expect(ranOn.diagnostics.map((d) => `${d.source?.line}: ${d.message} | ${d.hint}`)).toEqual([
      '3: this row runs on past a LF outside quotes into the line below it | this file ends some lines with a lone CR (an old Mac line break) and others with LF: rows end at the kind its first line ends with; save it with one kind of line end',
    ]);
    expect(messages('id,q,r\r1,a,x\r2,b\n3,c\r4,"d\ne",y\r')).toEqual([
      '3: this row runs on past a LF outside quotes into the line below it',
    ]);
    // And in a LF file, a lone CR outside quotes (CR-ended lines appended to it): `1⏎2` was one id.
    expect(messages('id\n1\r2\n3\n')).toEqual([
      '2: this row runs on past a lone CR outside quotes into the line below it',
    ]);
    expect(values('id,q\r1,"a\nb"\r2,c\r')).toEqual([
      { id: '1', vars: { q: 'a\nb' } },
      { id: '2', vars: { q: 'c' } },
    ]);
    // A line end of the other kind among the blanks the reader trims off a cell is no cell's, beside a
    // quoted one too (QA187: a CRLF file converted once more, `\r\r\n`, with a quoted CR, and a lone-CR
    // file with a LF before a CR, were refused as rows that ran on; the rows read as before 5b09ba4).
    const quotedBreak = (q: string) => [
      { id: '1', vars: { q, r: 'z' } },
      { id: '2', vars: { q: 'c', r: 'd' } },
    ];
    expect(values('id,q,r\r\n1,"x\ry",z\r\r\n2,c,d\r\n')).toEqual(quotedBreak('x\ry'));
    expect(values('id,q,r\n1,"x\ry"\r,z \r \n2,c,d\n')).toEqual(quotedBreak('x\ry'));
    expect(values('id,q,r\r1,"x\ny",z\n\r2,c,d\r')).toEqual(quotedBreak('x\ny'));
    expect(values('id;q;r\r1;"x\ny";z\n\r2;c;d\r')).toEqual(quotedBreak('x\ny'));
    expect(messages('id,q,r\r\n1,"x\ry",z\r\r\n2,c\rd,e\r\n')).toEqual([
      '3: this row runs on past a lone CR outside quotes into the line below it',
    ]);
    // One right after a delimiter runs on too, though the reader trims it off the cell's start (QA187:
    // `1,⏎2` read q `2`, nothing said).
    expect(messages('id,q\n1,\r2\n3,x\n')).toEqual([
      '2: this row runs on past a lone CR outside quotes into the line below it',
    ]);
    expect(messages('id,q\r1,\n2\r3,x\r')).toEqual([
      '2: this row runs on past a LF outside quotes into the line below it',
    ]);
    // A quoted cell after it too (QA191: `1,⏎"2"` read q `2`, nothing said).
    expect(messages('id,q\n1,\r"2"\n3,x\n')).toEqual([
      '2: this row runs on past a lone CR outside quotes into the line below it',
    ]);
    expect(messages('id,q,r\r1,x,\n"2"\r3,y,z\r')).toEqual([
      '2: this row runs on past a LF outside quotes into the line below it',
    ]);
  });

  it('reads a semicolon-separated file (Excel with a decimal comma) and a tab-separated one', () => {
    const want = [{ id: '1', vars: { q: 'a,b' }, expected: { answer: '1,5' } }];
    expect(values('\uFEFFid;q;expected.answer\n1;a,b;1,5\n')).toEqual(want);
    expect(values('id\tq\texpected.answer\n1\ta,b\t1,5\n')).toEqual(want);
    // The delimiter is the header line's, which a lone CR ends, and a blank line before it is no header
    // (QA176: both read the rows' commas too, so the file was read by commas and had no `id` column).
    const two = [...want, { id: '2', vars: { q: 'c, d, e' }, expected: { answer: '2,5' } }];
    expect(values('id;q;expected.answer\r1;a,b;1,5\r2;c, d, e;2,5\r')).toEqual(two);
    expect(values('\n\nid;q;expected.answer\n1;a,b;1,5\n2;c, d, e;2,5\n')).toEqual(two);
  });

  it('reads a decimal comma in weight and human_score of a semicolon file, and only there', async () => {
    const semi = await loadCsv('id;q;weight;human_score\n1;a;0,5;1,25\n');
    expect(semi.resolved?.datasets[0]?.examples.map((e) => [e.weight, e.human_score])).toEqual([[0.5, 1.25]]);
    const comma = await loadCsv('id,q,weight\n1,a,"0,5"\n');
    expect(comma.diagnostics.map((d) => d.message)).toEqual([
      'invalid example (weight): Invalid input: expected number, received string',
    ]);
  });

  it('refuses a header without an id column, naming the near miss', () => {
    const parsed = csv('ID,q\n1,a\n');
    expect(parsed.diagnostics.map((d) => [d.source?.line, d.message, d.hint])).toEqual([
      [
        1,
        'the header has no `id` column (it has: ID, q)',
        'rename column "ID" to "id" (column names are case-sensitive)',
      ],
    ]);
  });

  it('refuses data in a column without a name, and ignores an empty trailing column', () => {
    expect(values('id,q,\n1,a,\n')).toEqual([{ id: '1', vars: { q: 'a' } }]);
    expect(messages('id,q,\n1,a,x\n')).toEqual([
      '2: cell 3 has data, but its column has no name in the header',
    ]);
  });

  it('nests dotted column names like the dotted paths metrics read', () => {
    expect(values('id,vars.user.name,user.age,expected.a.b\n1,Ann,7,x\n')).toEqual([
      { id: '1', vars: { user: { name: 'Ann', age: '7' } }, expected: { a: { b: 'x' } } },
    ]);
    expect(messages('id,vars.user,vars.user.name\n1,a,b\n')).toEqual([
      '1: columns "vars.user" and "vars.user.name" both set vars.user',
    ]);
  });

  it('fills expected_sha256.<name>, turns and tags from their columns instead of vars', () => {
    expect(values('id,q,expected_sha256.answer,turns,tags\n1,a,abc,"[""hi"",""bye""]","[""t""]"\n')).toEqual([
      { id: '1', vars: { q: 'a' }, expected_sha256: { answer: 'abc' }, turns: ['hi', 'bye'], tags: ['t'] },
    ]);
  });

  it('reads a vars column as the whole vars mapping, and refuses it beside single vars', () => {
    expect(values('id,vars\n1,"{""q"":""a"",""n"":1}"\n2,\n')).toEqual([
      { id: '1', vars: { q: 'a', n: 1 } },
      { id: '2', vars: {} },
    ]);
    expect(messages('id,vars,q\n1,{},a\n')).toEqual(['1: columns "vars" and "q" both set vars']);
  });

  it('keeps cells as text: 007, 1e3 and true are strings', () => {
    expect(values('id,q,n,b\n1,007,1e3,true\n')).toEqual([
      { id: '1', vars: { q: '007', n: '1e3', b: 'true' } },
    ]);
  });

  it('refuses an empty id cell as a missing id', async () => {
    const r = await loadCsv('id,q\n,a\n');
    expect(r.diagnostics.map((d) => [d.source?.line, d.message])).toEqual([
      [2, 'invalid example: it has no `id`'],
    ]);
  });

  it('defines a __proto__ column as a var, not the prototype', () => {
    const [value] = values('id,__proto__\n1,a\n') as [{ vars: Record<string, unknown> }];
    expect(Object.hasOwn(value.vars, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value.vars)).toBe(Object.prototype);
  });
});
