/**
 * A CSV quote error is said at the quote, with what to write (QA161: a quote never closed on line 2
 * of a five-line file was "Quote Not Closed: … at line 5" at 5:1, the end of the file; a quote inside
 * a cell was "found on field 1", counting columns from 0).
 */
import { describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../src/compiler/dataset-csv.js';

const said = (text: string) =>
  parseCsvRows('d.csv', text).diagnostics.map(
    (d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
  );

describe('CSV quote errors', () => {
  it('names a quote never closed where it opened, not the end of the file', () => {
    expect(said('id,q,e\n1,"a,a\n2,b,c\n3,c,c\n4,d,d\n')).toEqual([
      '2:3 invalid CSV: this `"` is never closed: the rest of the file was read into its cell | close the quote where the cell ends; a `"` inside a quoted cell is written twice (`""`)',
    ]);
    // After a multi-line quoted cell, a BOM and CRLF line ends.
    expect(said('\uFEFFid,q,e\r\n1,"two\r\nlines",x\r\n2, "open,c\r\n3,c,c\r\n')[0]).toMatch(
      /^4:4 invalid CSV: this `"` is never closed/,
    );
  });

  it('still says the errors of the rows above a quote error (QA170)', () => {
    // A ragged row and a bad weight above an unclosed quote were hidden by it.
    const text = 'id,q,weight\n1,a\n2,x,y,z\n3,ok,heavy\n4,ok,1\n5,"open,1\n6,c,1\n';
    expect(said(text)).toEqual([
      '2:1 this row has 2 cells, the header has 3 | quote a cell that holds a comma ("a, b"), and give every row one cell per column',
      '3:1 this row has 4 cells, the header has 3 | quote a cell that holds a comma ("a, b"), and give every row one cell per column',
      '6:3 invalid CSV: this `"` is never closed: the rest of the file was read into its cell | close the quote where the cell ends; a `"` inside a quoted cell is written twice (`""`)',
    ]);
    // The rows above are read (their own checks, such as weight's, run on them); none from the quote on.
    expect(parseCsvRows('d.csv', text).rows.map((r) => [r.line, r.value])).toEqual([
      [4, { id: '3', vars: { q: 'ok' }, weight: 'heavy' }],
      [5, { id: '4', vars: { q: 'ok' }, weight: 1 }],
    ]);
    // A quote inside a cell, after a multi-line quoted cell, a BOM and CRLF line ends, on a `;` file.
    expect(said('\uFEFFid;q\r\n1;"two\nlines"\r\n2;a;b\r\n3;a "b" c\r\n')).toEqual([
      '4:1 this row has 3 cells, the header has 2 | this file is read with ";" between cells (its header line has more of them than commas); give every row one cell per column',
      '5:5 invalid CSV: a `"` inside a cell that does not start with one | quote the whole cell and write each `"` inside it twice: "a ""quoted"" word"',
    ]);
    // A quote error in the header's own row: nothing above it to read.
    expect(said('id,"q\n1,a\n')).toHaveLength(1);
  });

  it('names a quote inside an unquoted cell at the quote, with the doubling to write', () => {
    expect(said('id,q,e\n1,a "quoted" word,a\n2,b,c\n')).toEqual([
      '2:5 invalid CSV: a `"` inside a cell that does not start with one | quote the whole cell and write each `"` inside it twice: "a ""quoted"" word"',
    ]);
  });

  it('names text after a closing quote at that text', () => {
    expect(said('id,q,e\n1,"a"x,a\n')).toEqual([
      '2:6 invalid CSV: text after the closing `"` of a quoted cell, before the next delimiter | quote the whole cell and write each `"` inside it twice: "a ""quoted"" word"',
    ]);
  });

  it('says a quote problem the reader names otherwise in these words too, at its place (QA170)', () => {
    // They read in the reader's words at column 1: "Invalid Opening Quote: a quote is found on field 1
    // at line 2, value is "a"", "Quote Not Closed …", "Invalid Closing Quote: found non trimable byte
    // …", and a lone \r in a cell ended it, a line too low.
    const after = 'text after the closing `"` of a quoted cell, before the next delimiter';
    expect(said('id,q\n1,"a"\t"b"\n')).toEqual([
      `2:7 invalid CSV: ${after} | quote the whole cell and write each \`"\` inside it twice: "a ""quoted"" word"`,
    ]);
    expect(said('id,q\n\n"" "\n')[0]).toMatch(`3:4 invalid CSV: ${after} |`);
    expect(said('id;q\nbbb; ""\rb\n')[0]).toMatch(`2:9 invalid CSV: ${after} |`);
    expect(said('id;q\n\naa\r"" \n')[0]).toMatch(
      /^3:4 invalid CSV: a `"` inside a cell that does not start with one \|/,
    );
  });

  it('reads well-formed quoting as before', () => {
    const parsed = parseCsvRows('d.csv', 'id;q\n1; "a ""b"";c" \n');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.rows.map((r) => r.value)).toEqual([{ id: '1', vars: { q: 'a "b";c' } }]);
  });
});
