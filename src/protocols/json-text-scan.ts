/**
 * A walk over a JSON text's characters outside its strings (escapes inside strings skipped), for
 * the checks that must not be fooled by a string's content: nesting depth, bare NaN/Infinity
 * tokens, integers beyond 2^53.
 */

/**
 * Calls `visit` with each index (and char code) of `text` that is outside a JSON string; `visit`
 * returns the index of the last character it consumed (its own `i` to go on with the next one),
 * or `STOP` to end the walk.
 */
export function scanOutsideStrings(text: string, visit: (i: number, code: number) => number): void {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) {
      inString = true;
      continue;
    }
    i = visit(i, code);
  }
}

/** What `visit` returns to end a scan. */
export const STOP = Number.POSITIVE_INFINITY;
