/** scalar-offset.ts: a character of a parsed string value mapped back to its YAML source. */
import { describe, expect, it } from 'vitest';
import { type Node, parseDocument } from 'yaml';
import { sourceOffsetIn } from '../../src/plan/scalar-offset.js';

/** The source character that value character `offset` of key `k` maps to, or undefined. */
function mapped(yaml: string, offset: number, value?: string): string | undefined {
  const doc = parseDocument(yaml);
  const node = doc.get('k', true) as Node;
  const text = value ?? String((node as { value: unknown }).value);
  const at = sourceOffsetIn(yaml, node, text, offset);
  return at === undefined ? undefined : yaml.slice(at, at + 3);
}

describe('a value character mapped to its source', () => {
  it('maps plain, quoted and | values, escapes counted', () => {
    expect(mapped('k: abc{{x\n', 3)).toBe('{{x');
    expect(mapped("k: 'a''b{{x'\n", 3)).toBe('{{x');
    expect(mapped('k: "\\u00e9\\t\\"{{x"\n', 3)).toBe('{{x');
    // A character beyond the BMP is two UTF-16 units in the value and one escape in the source.
    expect(mapped('k: "\\U0001F600{{x"\n', 2)).toBe('{{x');
    expect(mapped('k: |\n  line one\n    {{x\n', 11)).toBe('{{x');
    expect(mapped('k: |-\r\n  a\r\n  {{x\r\n', 2)).toBe('{{x');
    // A character beyond the BMP written as itself is two UTF-16 units in the source too (QA186).
    expect(mapped("k: '😀😀{{x'\n", 4)).toBe('{{x');
    expect(mapped('k: "😀 \\t😀{{x"\n', 6)).toBe('{{x');
    expect(mapped('k: 😀😀{{x\n', 4)).toBe('{{x');
  });

  it("maps a | block's end to where its text ends, not to the next key's line (QA186)", () => {
    const end = (yaml: string) => {
      const doc = parseDocument(yaml);
      const node = doc.get('k', true) as Node;
      const value = String((node as { value: unknown }).value);
      return sourceOffsetIn(yaml, node, value, value.length);
    };
    const clip = 'k: |\n  x {{q\nnext: 1\n';
    expect(end(clip)).toBe(clip.indexOf('\nnext'));
    const keep = 'k: |+\n  x {{q\n\n\nnext: 1\n';
    expect(end(keep)).toBe(keep.indexOf('\n\n\nnext'));
    const crlf = 'k: |\r\n  x {{q\r\nnext: 1\r\n';
    expect(end(crlf)).toBe(crlf.indexOf('\r\nnext'));
  });

  it('maps nothing it cannot place exactly', () => {
    // Inside the two UTF-16 units one escape wrote.
    expect(mapped('k: "\\U0001F600{{x"\n', 1)).toBeUndefined();
    // A folded block, a quoted value folded over lines, a plain one over lines.
    expect(mapped('k: >\n  a\n  {{x\n', 2)).toBeUndefined();
    expect(mapped('k: "a\n  {{x"\n', 2)).toBeUndefined();
    expect(mapped('k: a\n  {{x\n', 2)).toBeUndefined();
    // A string other than the node's (substituted after parsing), an offset past its end.
    expect(mapped('k: abc{{x\n', 3, 'abc{{y')).toBeUndefined();
    expect(mapped('k: abc{{x\n', 99)).toBeUndefined();
  });
});
