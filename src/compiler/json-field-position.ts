/**
 * Where a field of an example is in a JSON or JSONL dataset (QA40): a wrong `weight` on a long
 * line was shown at column 1. Used only for a diagnostic, so it re-reads the text from the
 * example's start: the line starts are computed once, on the first call.
 */

export type FieldPath = readonly PropertyKey[];

/** `(row start, field path) → position of the field's value`, or of the deepest part found. */
export function jsonFieldLocator(
  text: string,
): (start: { line: number; col: number }, path: FieldPath) => { line: number; col: number } {
  let starts: number[] | undefined;
  return (start, path) => {
    starts ??= lineStarts(text);
    const from = (starts[start.line - 1] ?? 0) + start.col - 1;
    const at = valueOffset(text, from, path);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: at - (starts[lo] as number) + 1 };
  };
}

function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The offset of the value at `path` inside the JSON value starting at `from` (valid JSON). */
function valueOffset(text: string, from: number, path: FieldPath): number {
  let i = skipSpace(text, from);
  for (const segment of path) {
    const open = text[i];
    if (open === '{') {
      let j = skipSpace(text, i + 1);
      let found: number | undefined;
      while (j < text.length && text[j] === '"') {
        const keyEnd = stringEnd(text, j);
        const key = JSON.parse(text.slice(j, keyEnd)) as string;
        const value = skipSpace(text, skipSpace(text, keyEnd) + 1);
        if (key === String(segment)) found = value; // the last one, as JSON.parse reads it
        j = skipSpace(text, valueEnd(text, value));
        if (text[j] === ',') j = skipSpace(text, j + 1);
      }
      if (found === undefined) return i;
      i = found;
    } else if (open === '[' && typeof segment === 'number') {
      let j = skipSpace(text, i + 1);
      for (let k = 0; k < segment && text[j] !== ']' && j < text.length; k++) {
        j = skipSpace(text, valueEnd(text, j));
        if (text[j] === ',') j = skipSpace(text, j + 1);
      }
      if (text[j] === ']' || j >= text.length) return i;
      i = j;
    } else return i;
  }
  return i;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
    i++;
  return i;
}

/** The offset after the string starting at `i` (a `"`). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

/** The offset after the value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = stringEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',}] \t\r\n'.includes(text[j] as string)) j++;
  return j;
}
