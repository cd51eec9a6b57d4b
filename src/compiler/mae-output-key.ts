/**
 * An `mae` group's extraction reads `output` — the last reply's fields with `answer`, its final
 * answer — from evalc QA248 on (protocols/mae/output-answer.ts). An extraction an earlier evalc
 * cached did not see it — `output.answer` was `extraction_failed` — so a binding that may read
 * `output` (names it, or uses the document whole: `@`, `keys(@)`, `*`) is keyed apart: its
 * outputs digest carries `document: 'mae-reply-output'` (QA248's first `output`, `answer` alone,
 * was `'mae-output'`). Others (`final_answer`, `actions[-1].courses[].code`) keep their
 * digest: their cache and lock stay as they were.
 */
import { compileExpression } from '../binding/extract.js';
import { mayReadRootField } from '../binding/root-fields.js';
import { digestOf } from './content-key.js';

/** The digest of an mae group's outputs (its extract key's config). */
export function maeOutputsDigest(output: Record<string, string> | undefined, library: string): string {
  return mayReadMaeOutput(output)
    ? digestOf({ output, library, document: 'mae-reply-output' })
    : digestOf({ output, library });
}

export function mayReadMaeOutput(output: Record<string, string> | undefined): boolean {
  return Object.values(output ?? {}).some((expression) => {
    const compiled = compileExpression(expression);
    return compiled.ok && mayReadRootField(compiled.ast, 'output');
  });
}
