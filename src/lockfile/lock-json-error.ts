/** A lockfile's text that is not JSON, named at file:line:col with the way out. */
import { SHAPE_ADVICE } from './check-shape.js';

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
  const at = /at position (\d+)/.exec(reason);
  // One that opens as a lock does (cut short, a hand edit) has a shape problem's way out (QA200:
  // plan and report said no more than where the JSON broke); another file is named as it is.
  const advice = /^\uFEFF?\s*\{/.test(text) ? SHAPE_ADVICE : '';
  if (!at) return `${file} is not valid JSON: ${reason}${advice}`;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const col = Number(at[1]) - before.lastIndexOf('\n');
  return `${file}:${line}:${col} is not valid JSON: ${reason.replace(/ in JSON at position \d+.*$/, '')}${advice}`;
}
