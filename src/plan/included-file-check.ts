/**
 * What an included file may hold at its top level before it is merged (QA72): its own `include:`
 * (a list of paths, followed from that file), `evalc:` (the plan's language version, if written),
 * the map sections as mappings and the list sections as lists. The merged plan is validated as a
 * whole later, but these keys are read (or merged by id) before that: an included file's
 * `include: more.yaml` was skipped without a word, an `evalc: 2` accepted beside the plan's 1, and
 * an empty `agents:` reported as "defined in more than one file".
 */
import { z } from 'zod';
import type { Diagnostic, PlanPath, SourcePosition } from './diagnostic.js';
import { planSchema } from './schema.js';
import { issueToDiagnostics } from './validate-schema.js';

const mapping = z.record(z.string(), z.unknown());
const list = z.array(z.unknown());

const includedFileSchema = z
  .object({
    evalc: planSchema.shape.evalc,
    include: z.array(z.string()),
    agents: mapping,
    judges: mapping,
    rubrics: mapping,
    tasks: mapping,
    prices: mapping,
    metrics: list,
    gates: list,
  })
  .partial();

/**
 * Diagnostics at the included file's own lines, and the top-level keys not to merge. A key no plan
 * has is said here, as the plan file's own (`x-limits: &lim {…}` with its anchor hint), and not
 * merged: when the plan file had one of that name too, the included one read "x-limits is defined
 * in more than one file", as if one of the two were right (QA170).
 */
export function checkIncludedFile(
  record: Record<string, unknown>,
  locate: (path: PlanPath, key?: string) => SourcePosition | undefined,
  merged: Record<string, unknown> = {},
): { diagnostics: Diagnostic[]; skip: Set<string> } {
  const unknown = Object.keys(record).filter((key) => !Object.hasOwn(planSchema.shape, key));
  const result = includedFileSchema.safeParse(record);
  const issues = result.success ? [] : result.error.issues;
  // An unknown key's hint knows the keys the plan has so far (`benchmrk` beside the plan file's
  // `benchmark` is a misspelt copy), as when it was said of the merged plan.
  const diagnostics = [
    ...(unknown.length > 0
      ? issueToDiagnostics(unknownKeysIssue(record, unknown), { ...merged, ...record }, locate).map((d) =>
          setElsewhere(d, record),
        )
      : []),
    ...issues.flatMap((issue) => issueToDiagnostics(issue, record, locate)),
  ];
  const skip = new Set([...unknown, ...issues.map((issue) => String(issue.path[0]))]);
  return { diagnostics, skip };
}

/**
 * "`benchmark` is set already beside it" of a key set in another file, not in this one (QA172: the
 * user looked for it in the included file); "`benchmark` beside it is empty" too, of one left empty
 * there (QA213: it named no file, and the included file holds no `benchmark`).
 */
function setElsewhere(d: Diagnostic, record: Record<string, unknown>): Diagnostic {
  const key = /^`([^`]+)` (?:is set already beside it|beside it is empty): /.exec(d.hint ?? '')?.[1];
  if (d.hint === undefined || key === undefined || Object.hasOwn(record, key)) return d;
  return {
    ...d,
    hint:
      mergedSectionHint(key) ??
      d.hint
        .replace('is set already beside it', 'is set already in another file of the plan')
        .replace('beside it is empty', 'is empty in another file of the plan'),
  };
}

/** The sections each file of a plan may set: merged by id, or concatenated (README "Merging"). */
const MERGED_SECTIONS = new Set(['agents', 'judges', 'rubrics', 'tasks', 'prices', 'metrics', 'gates']);

/**
 * The hint of a misspelt top-level key (`agnets:`) whose right spelling only another file of the plan
 * sets, when files merge that section: it is renamed, not removed (QA179: "remove `agnets` (a
 * misspelt copy?)" dropped the agents under it from the plan, without a word).
 */
export function mergedSectionHint(key: string): string | undefined {
  return MERGED_SECTIONS.has(key)
    ? `did you mean \`${key}\`? (each file of the plan may set \`${key}:\`; they are merged)`
    : undefined;
}

function unknownKeysIssue(record: Record<string, unknown>, keys: string[]): z.core.$ZodIssue {
  return { code: 'unrecognized_keys', keys, path: [], input: record, message: 'Unrecognized keys' };
}
