/**
 * Regular expressions that cannot hang evalc. A pattern that could backtrack exponentially
 * (regex-risk.ts) runs on RE2 (re2js, a maintained pure-JS port of Google's RE2: linear time in
 * the text, no native code); `\s`, `\S` and `.` are first spelled out as ECMAScript defines
 * them, since RE2's are narrower (ASCII whitespace; `.` excludes only `\n`). Every other pattern
 * keeps V8's engine and exact ECMAScript semantics. A risky pattern RE2 cannot express (a
 * lookaround, a backreference) is refused: the caller decides (skip a check, report an error).
 */
import { RE2JS } from 're2js';
import { hasNestedQuantifier } from './regex-risk.js';

export interface RegExpTester {
  test(text: string): boolean;
  /** Ajv keys compiled patterns by it. */
  toString(): string;
}

export type GuardedRegExp = { ok: true; regexp: RegExpTester; linear: boolean } | { ok: false };

/** ECMAScript's WhiteSpace and LineTerminator code points (`\\s`), as class members. */
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * The pattern compiled on a safe engine; `{ ok: false }` when it could backtrack exponentially
 * and RE2 cannot run it. A syntax error throws the SyntaxError `new RegExp` throws. `whole`: the
 * pattern must match the whole text, `^(?:pattern)$`, whose syntax error still quotes the pattern
 * as written (QA345: a regex metric's `full: true` quoted `/^(?:ready()$/`).
 */
export function compileGuardedRegExp(written: string, flags: string, whole = false): GuardedRegExp {
  let native = new RegExp(written, flags);
  const pattern = whole ? `^(?:${written})$` : written;
  if (whole) native = new RegExp(pattern, flags);
  if (!hasNestedQuantifier(pattern)) return { ok: true, regexp: native, linear: false };
  const linear = compileLinear(pattern, flags);
  return linear === undefined ? { ok: false } : { ok: true, regexp: linear, linear: true };
}

/** The pattern on RE2, or undefined when RE2 cannot express it. */
function compileLinear(pattern: string, flags: string): RegExpTester | undefined {
  if (flags.includes('y')) return undefined;
  const spelled = spellJsClasses(pattern, flags.includes('s'));
  if (spelled === undefined) return undefined;
  let flagBits = 0;
  if (flags.includes('i')) flagBits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) flagBits |= RE2JS.MULTILINE;
  if (flags.includes('s')) flagBits |= RE2JS.DOTALL;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(spelled), flagBits);
    const key = `re2:/${pattern}/${flags}`;
    return { test: (s: string) => re.test(s), toString: () => key };
  } catch {
    return undefined;
  }
}

/**
 * `\s`, `\S` and `.` written as ECMAScript defines them (RE2's `\s` is ASCII only, its `.` only
 * excludes `\n`); undefined for `\S` inside a class, which has no such spelling.
 */
function spellJsClasses(pattern: string, dotAll: boolean): string | undefined {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i += 1;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass) return undefined;
        out += `[^${JS_SPACE}]`;
      } else out += `\\${next}`;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A leading `]` or `^]` is literal in RE2 but ends an empty class in ECMAScript.
      if (pattern[i + 1] === ']' || (pattern[i + 1] === '^' && pattern[i + 2] === ']')) return undefined;
    } else if (c === '.' && !dotAll) out += '(?:[^\\n\\r\\u2028\\u2029])';
    else out += c;
  }
  return out;
}

/**
 * Why `new RegExp` refused a pattern, for a message that says "invalid regular expression: " itself:
 * V8's own "Invalid regular expression: " prefix dropped, which read doubled (QA331).
 */
export function regExpSyntaxProblem(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^Invalid regular expression: /, '');
}
