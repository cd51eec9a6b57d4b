/** A lockfile's text that is not JSON, named at file:line:col with the way out. */
import { SHAPE_ADVICE } from './check-shape.js';
import { jsonBreakOffset } from './json-break.js';

/** A conflicted lock's way out after keeping a side: an evalc.lock's only (apply writes no other, QA209). */
export const MERGE_THEN_APPLY = ', then run `evalc apply` on the merged plan and commit the lock it writes';

/**
 * `file:line:col is not valid JSON: …` (QA47: it said `at position 48213`, and a lockfile that two
 * branches changed holds git's conflict markers, which are named as such with what to do).
 */
export function describeLockJsonError(file: string, text: string, err: unknown): string {
  const conflict = /^(<{7}|={7}|>{7})(?: |$)/m.exec(text);
  if (conflict) {
    const line = text.slice(0, conflict.index).split('\n').length;
    return `${file}:${line} has git merge conflict markers (${conflict[1]}): keep either side's version (\`git checkout --ours -- <lock>\`)${MERGE_THEN_APPLY}`;
  }
  // A plan passed by mistake (`evalc diff evalc.yaml …`) said `Unexpected token 'e', "evalc: 1` and, on the
  // next line, `b"... is not valid JSON` (QA90): name it, and what to pass instead.
  if (/^\s*evalc\s*:\s*\S/m.test(text) && !text.trimStart().startsWith('{')) {
    return `${file} is an evalc plan (YAML), not a lockfile: pass the evalc.lock beside it, or the plan's folder`;
  }
  // V8 quotes the text it stopped at, line breaks included: keep the message on one line.
  const reason = (err instanceof Error ? err.message : String(err)).replace(/\r?\n/g, '\\n');
  // One that opens as a lock does (cut short, a hand edit) has a shape problem's way out (QA200:
  // plan and report said no more than where the JSON broke); another file is named as it is.
  // An empty one too (QA209: a 0-byte evalc.lock, a copy cut before its first byte, had none).
  const opensAsLock = /^\uFEFF?\s*(?:\{|$)/.test(text);
  const advice = opensAsLock ? SHAPE_ADVICE : '';
  // V8 names no position for a lock that ends early or an unexpected token (a trailing comma):
  // found by reading it (QA209: such a lock was named by file alone).
  const position = /at position (\d+)/.exec(reason)?.[1] ?? (opensAsLock ? jsonBreakOffset(text) : undefined);
  const at = position === undefined ? Number.NaN : Number(position);
  // V8's quote of a file that is no lock is left out: a token file named by mistake printed its
  // first characters (QA209: `Unexpected token 's', "sk-proj-ab"...`); the token says enough.
  const unquoted = reason.replace(/^(Unexpected token '[\s\S]+?'), [\s\S]* is not valid JSON$/, '$1');
  if (Number.isNaN(at)) return `${file} is not valid JSON: ${unquoted}${advice}`;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const col = at - before.lastIndexOf('\n');
  return `${file}:${line}:${col} is not valid JSON: ${unquoted.replace(/ in JSON at position \d+.*$/, '')}${advice}`;
}
