/**
 * What `JSON.parse` accepts in a dataset but silently changes (QA21): a key given twice in one
 * object (the last one wins, the first value is dropped without a word — YAML datasets refuse
 * duplicate keys) and an integer beyond 2^53, which is read as the nearest double
 * (`12345678901234567891` becomes `12345678901234567000`, then sent to agents and compared as
 * such). One pass over text that is already known to parse.
 */

export type JsonTextIssue =
  | { kind: 'duplicate_key'; offset: number; key: string }
  | { kind: 'imprecise_integer'; offset: number; literal: string; read: string };

interface Frame {
  keys: Set<string> | undefined;
  expectKey: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;

/** Issues in `text` (valid JSON), each at the character offset where it starts. */
export function scanJsonText(text: string): JsonTextIssue[] {
  const issues: JsonTextIssue[] = [];
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) {
          escaped = true;
          i++;
        } else if (d === QUOTE) break;
      }
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const raw = text.slice(start + 1, i);
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        if (top.keys.has(key)) issues.push({ kind: 'duplicate_key', offset: start, key });
        else top.keys.add(key);
        top.expectKey = false;
      }
    } else if (c === 123 /* { */) stack.push({ keys: new Set(), expectKey: true });
    else if (c === 91 /* [ */) stack.push({ keys: undefined, expectKey: false });
    else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
    else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i;
      let integer = true;
      while (i + 1 < text.length && isNumberChar(text.charCodeAt(i + 1))) {
        i++;
        const d = text.charCodeAt(i);
        if (d === 46 || d === 101 || d === 69) integer = false;
      }
      // 16+ characters before an integer can leave the exact range (2^53 has 16 digits).
      if (integer && i - start >= 15) {
        const literal = text.slice(start, i + 1);
        const read = String(Number(literal));
        if (!Number.isSafeInteger(Number(literal)) && BigInt(literal).toString() !== read)
          issues.push({ kind: 'imprecise_integer', offset: start, literal, read });
      }
    }
  }
  return issues;
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
}
