/**
 * Regular expressions whose backtracking can take exponential time (ReDoS): a repeated group
 * whose body itself repeats or alternates, as in `^(a+)+$`, `(\w|\d)*$` or `((ab)*c)+`. V8's
 * engine backtracks, so one such pattern spent 12 s on a 29-character input (QA50, QA52).
 *
 * A syntactic check, not a proof: it reads the ECMAScript pattern once (escapes, classes, groups,
 * quantifiers) and flags "star height above one" and quantified alternation, the shapes behind
 * the exponential cases. Polynomial ones (`\d+\d+$`) are not flagged.
 */

interface Frame {
  /** The body so far holds a repeating quantifier (directly or in a nested group). */
  repeats: boolean;
  /** The body so far holds a top-level `|`. */
  alternates: boolean;
}

/** True when the pattern has a repeated group whose body repeats or alternates. */
export function hasNestedQuantifier(pattern: string): boolean {
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  let i = 0;
  const top = (): Frame => stack[stack.length - 1] as Frame;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    let closed: Frame | undefined;
    if (c === '\\') i = skipEscape(pattern, i);
    else if (c === '[') i = skipClass(pattern, i);
    else if (c === '(') {
      stack.push({ repeats: false, alternates: false });
      i = skipGroupPrefix(pattern, i + 1);
      continue;
    } else if (c === ')') {
      closed = stack.length > 1 ? stack.pop() : undefined;
      i += 1;
    } else if (c === '|') {
      top().alternates = true;
      i += 1;
      continue;
    } else i += 1;
    const quantifier = readQuantifier(pattern, i);
    if (quantifier === undefined) {
      if (closed?.repeats) top().repeats = true;
      continue;
    }
    i = quantifier.end;
    if (quantifier.repeats && closed !== undefined && (closed.repeats || closed.alternates)) return true;
    if (quantifier.repeats || closed?.repeats) top().repeats = true;
  }
  return false;
}

function skipEscape(pattern: string, i: number): number {
  const next = pattern[i + 1];
  // \u{…}, \p{…}, \P{…}: skip to the closing brace.
  if ((next === 'u' || next === 'p' || next === 'P') && pattern[i + 2] === '{') {
    const close = pattern.indexOf('}', i + 3);
    return close < 0 ? pattern.length : close + 1;
  }
  return i + 2;
}

function skipClass(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j += 1;
  if (pattern[j] === ']') j += 1; // `[]]` in some dialects; harmless here
  while (j < pattern.length && pattern[j] !== ']') j = pattern[j] === '\\' ? skipEscape(pattern, j) : j + 1;
  return j + 1;
}

/** Past `?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>` after an opening parenthesis. */
function skipGroupPrefix(pattern: string, i: number): number {
  if (pattern[i] !== '?') return i;
  const next = pattern[i + 1];
  if (next === '<' && pattern[i + 2] !== '=' && pattern[i + 2] !== '!') {
    const close = pattern.indexOf('>', i + 2);
    return close < 0 ? pattern.length : close + 1;
  }
  return next === '<' ? i + 3 : i + 2;
}

/** A quantifier at i (with its lazy `?`): `repeats` when it allows more than one repetition. */
function readQuantifier(pattern: string, i: number): { end: number; repeats: boolean } | undefined {
  const c = pattern[i];
  let end: number;
  let repeats: boolean;
  if (c === '*' || c === '+') {
    end = i + 1;
    repeats = true;
  } else if (c === '?') {
    end = i + 1;
    repeats = false;
  } else if (c === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (match === null) return undefined;
    end = i + match[0].length;
    const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
    repeats = max > 1;
  } else return undefined;
  if (pattern[end] === '?') end += 1;
  return { end, repeats };
}
