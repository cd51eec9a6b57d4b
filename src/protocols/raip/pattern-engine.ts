/**
 * The regular-expression engine Ajv uses for an agent's `pattern` and `patternProperties`
 * (Ajv's `code.regExp` option). An agent's `/info` schema is foreign input: with V8's
 * backtracking engine one `pattern: "^(a+)+$"` spent 12 s of evalc's CPU on one 29-character
 * input before each /invoke, blocking the whole run (QA50, QA52).
 *
 * Patterns are compiled by regexp/linear-regexp.ts: one that could backtrack exponentially runs
 * on RE2 (linear time). A risky pattern RE2 cannot run (a lookaround or a backreference) is
 * recorded in `unsafe`: the caller then skips its local check (the agent still validates).
 */
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { compileGuardedRegExp } from '../regexp/linear-regexp.js';

export interface PatternEngine {
  regExp: RegExpEngine;
  /** Risky patterns RE2 cannot run: not checked. */
  unsafe: string[];
}

export function createPatternEngine(): PatternEngine {
  const unsafe: string[] = [];
  const regExp = ((pattern: string, flags: string): RegExpLike => {
    // A syntax error throws, as `new RegExp` does: Ajv's compile error.
    const guarded = compileGuardedRegExp(pattern, flags);
    if (guarded.ok) return guarded.regexp;
    unsafe.push(pattern);
    return { test: () => true, toString: () => `unsafe:/${pattern}/${flags}` } as RegExpLike;
  }) as RegExpEngine;
  regExp.code = 'new RegExp'; // standalone code is never generated
  return { regExp, unsafe };
}
